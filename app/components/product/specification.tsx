import type { Translate } from "../../i18n/index.ts";

export interface ParameterGroupData {
  parameterGroupId: number;
  name: string;
  parameters: { name: string; value: string; show: boolean; identifier: string }[];
}

const isNutrition = (identifier: string) => identifier.startsWith("nutrition-");

/** Shown parameters that are not nutrition rows, grouped as the API groups them (empty groups left out). */
export function specificationGroups(groups: readonly ParameterGroupData[]) {
  return groups
    .map((g) => ({ ...g, parameters: g.parameters.filter((p) => p.show && !isNutrition(p.identifier)) }))
    .filter((g) => g.parameters.length > 0);
}

/** The nutrition rows (identifiers nutrition-*) of all groups, in order. */
export function nutritionRows(groups: readonly ParameterGroupData[]) {
  return groups.flatMap((g) => g.parameters.filter((p) => isNutrition(p.identifier)));
}

/** The specification: one table per parameter group, parameter names as row headers. */
export function Specification({ groups, t }: { groups: ParameterGroupData[]; t: Translate }) {
  const shown = specificationGroups(groups);
  if (!shown.length) return null;
  return (
    <section aria-labelledby="specification" className="mt-10">
      <h2 id="specification" className="text-xl font-semibold">
        {t("product.specification")}
      </h2>
      {shown.map((group) => (
        <table key={group.parameterGroupId} className="mt-4 w-full max-w-2xl text-left text-sm">
          <caption className="py-1 text-left font-semibold">{group.name}</caption>
          <tbody>
            {group.parameters.map((p) => (
              <tr key={`${p.identifier}-${p.value}`} className="border-t border-stone-200">
                <th scope="row" className="w-1/2 py-1.5 pr-4 font-medium">
                  {p.name}
                </th>
                <td className="py-1.5">{p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

/** The nutritional content table. */
export function Nutrition({ groups, t }: { groups: ParameterGroupData[]; t: Translate }) {
  const rows = nutritionRows(groups);
  if (!rows.length) return null;
  return (
    <section aria-labelledby="nutrition" className="mt-10">
      <h2 id="nutrition" className="text-xl font-semibold">
        {t("product.nutrition")}
      </h2>
      <table className="mt-4 w-full max-w-2xl text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1.5 pr-4">
              {t("product.nutrition.nutrient")}
            </th>
            <th scope="col" className="py-1.5">
              {t("product.nutrition.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.identifier} className="border-t border-stone-200">
              <th scope="row" className="w-1/2 py-1.5 pr-4 font-medium">
                {row.name}
              </th>
              <td className="py-1.5">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
