import {
  buildASTSchema,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLSchema,
  type InputValueDefinitionNode,
  Kind,
  type NameNode,
  parse,
  visit,
} from "graphql";

/**
 * Mili's type names → the Geins Merchant API's still to rename. The planned renames of
 * docs/geins-compat-plan.md are done (decision 0019: Price, CartSubTotal and CartTotal are PriceType; Campaign and
 * CartCampaign are CampaignRuleType; …), so this is empty; a type still to rename goes here, and the report's
 * second part shows what would remain after it.
 */
export const RENAMES: Readonly<Record<string, string>> = {};

type Merged = {
  kind: DefinitionNode["kind"];
  fields: Map<string, FieldDefinitionNode | InputValueDefinitionNode>;
};

/**
 * Mili's schema as it would be after the renames alone: every type renamed, types that become one merged
 * (their fields together; the first definition of a field wins). What still fails against it is the work
 * beyond renaming: fields, arguments, enum values and type changes.
 */
export function renamedSchema(
  sdl: string,
  renames: Readonly<Record<string, string>> = RENAMES,
): GraphQLSchema {
  const rename = (name: NameNode): NameNode => {
    const to = renames[name.value];
    return to ? { ...name, value: to } : name;
  };
  const renamed = visit(parse(sdl), {
    NamedType: (node) => ({ ...node, name: rename(node.name) }),
    ObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    InputObjectTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
    EnumTypeDefinition: (node) => ({ ...node, name: rename(node.name) }),
  }) as DocumentNode;
  const merged = new Map<string, Merged>();
  const others: DefinitionNode[] = [];
  for (const def of renamed.definitions) {
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      const entry = merged.get(def.name.value) ?? { kind: def.kind, fields: new Map() };
      for (const field of def.fields ?? [])
        if (!entry.fields.has(field.name.value)) entry.fields.set(field.name.value, field);
      merged.set(def.name.value, entry);
    } else {
      others.push(def);
    }
  }
  const definitions: DefinitionNode[] = [...others];
  for (const [name, entry] of merged) {
    const nameNode: NameNode = { kind: Kind.NAME, value: name };
    if (entry.kind === Kind.OBJECT_TYPE_DEFINITION) {
      definitions.push({
        kind: Kind.OBJECT_TYPE_DEFINITION,
        name: nameNode,
        interfaces: [],
        directives: [],
        fields: [...entry.fields.values()] as FieldDefinitionNode[],
      });
    } else {
      definitions.push({
        kind: Kind.INPUT_OBJECT_TYPE_DEFINITION,
        name: nameNode,
        directives: [],
        fields: [...entry.fields.values()] as InputValueDefinitionNode[],
      });
    }
  }
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions });
}
