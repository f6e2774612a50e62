import { groupOrder, type ListUrlState } from "../../lib/list-url.ts";

/**
 * Hidden fields that carry the parts of a list's state a GET form does not edit itself, so a form sent without
 * JavaScript keeps them: the facet groups, the price, the sort and every other query parameter.
 */
export function StateInputs({
  state,
  facets = true,
  price = true,
  sort = true,
}: {
  state: ListUrlState;
  facets?: boolean;
  price?: boolean;
  sort?: boolean;
}) {
  return (
    <>
      {facets
        ? groupOrder(state.facets).map((group) => (
            <input
              key={group}
              type="hidden"
              name={group}
              value={(state.facets[group] ?? [])
                .map((i) => (i.label ? `${i.label}~${i.id}` : i.id))
                .join(",")}
            />
          ))
        : null}
      {price && state.price ? (
        <input type="hidden" name="price" value={`${state.price.lowest}~${state.price.highest}`} />
      ) : null}
      {sort && state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {state.rest.map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: kept parameters may repeat a name; their order is fixed.
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
