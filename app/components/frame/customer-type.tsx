import { useRevalidator } from "react-router";
import { customerTypeCookie, writeCookies } from "../../lib/client/cookies.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import { type CustomerTypeOption, useCustomerTypes } from "./context.ts";

/**
 * Private or business shopper: sets the mili-user-type cookie, pushes customer-type:change and reloads the data,
 * so every price switches between including and excluding VAT.
 */
export function CustomerTypeSwitch() {
  const root = useRoot();
  const t = useT();
  const types = useCustomerTypes();
  const revalidator = useRevalidator();

  const choose = (option: CustomerTypeOption) => {
    if (option.type === root.customerType) return;
    writeCookies((secure) => customerTypeCookie(option.type, secure));
    eventBus.push("customer-type:change", { customerType: option.type, vatIncluded: option.vatIncluded });
    void revalidator.revalidate();
  };

  return (
    <fieldset className="js-only flex items-center gap-2">
      <legend className="sr-only">{t("customerType.label")}</legend>
      <div className="inline-flex rounded-full bg-white p-0.5 ring-1 ring-stone-300">
        {types.map((option) => (
          <button
            key={option.type}
            type="button"
            aria-pressed={option.type === root.customerType}
            onClick={() => choose(option)}
            className="rounded-full px-3 py-0.5 aria-pressed:bg-brand-ink aria-pressed:text-white"
          >
            {t(`customerType.${option.type}`)}
          </button>
        ))}
      </div>
      <span className="text-xs text-stone-700" data-vat={root.vatIncluded ? "inc" : "ex"}>
        {t("customerType.prices", { vat: root.vatIncluded ? t("price.incVat") : t("price.exVat") })}
      </span>
    </fieldset>
  );
}
