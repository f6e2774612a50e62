import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LOCALES } from "./ui.tsx";

/**
 * One market's sales per day as bars (decision 0048: Recharts, in the dashboard's own chunk, loaded in the browser
 * only). The chart is a picture of the table beside it, which carries the same figures for screen readers and
 * without JavaScript, so it is hidden from assistive technology and takes no focus.
 */
export default function SalesChart({
  days,
  currency,
  lang,
}: {
  days: { day: string; salesMinor: number; orders: number }[];
  currency: string;
  lang: keyof typeof LOCALES;
}) {
  const locale = LOCALES[lang];
  const money = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
  const dayLabel = new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", timeZone: "UTC" });
  const data = days.map((d) => ({
    label: dayLabel.format(new Date(`${d.day}T12:00:00Z`)),
    sales: d.salesMinor / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#44403c" }} interval="preserveStartEnd" />
        <YAxis
          tick={{ fontSize: 12, fill: "#44403c" }}
          tickFormatter={(v: number) => money.format(v)}
          width={80}
        />
        <Tooltip formatter={(v) => money.format(Number(v))} />
        <Bar dataKey="sales" fill="#1c1917" />
      </BarChart>
    </ResponsiveContainer>
  );
}
