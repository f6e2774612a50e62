import {
  type GraphQLSchema,
  getVariableValues,
  isInputType,
  Kind,
  type OperationDefinitionNode,
  parse,
  typeFromAST,
  validate,
} from "graphql";
import { buildDocument, variablesOf } from "./build.ts";
import { geinsTypeKinds } from "./geins-types.ts";
import type { ContextKey, OperationRecord } from "./types.ts";

const STAND_INS: Record<ContextKey, unknown> = {
  cartId: "stand-in",
  cartItemId: "stand-in",
  cartGroupKey: "stand-in",
  completedCartId: "stand-in",
  cartToCompleteId: "stand-in",
  packageId: 1,
  packageSelections: [{ groupId: 1, optionId: 1, skuId: 1 }],
};

/** Why a recorded operation does not validate (or its example variables do not coerce) against a schema. */
export type Cause =
  | "unknown object type"
  | "unknown input type"
  | "unknown enum"
  | "unknown scalar"
  | "unknown field"
  | "unknown argument"
  | "argument type"
  | "required argument not sent"
  | "fields selected on a scalar"
  | "object read as a scalar"
  | "fragment on an unrelated type"
  | "unknown enum value"
  | "unknown input field"
  | "variable value"
  | "other";

export interface Problem {
  cause: Cause;
  /** What to change, e.g. `PriceType`, `Category.order`, `Query.getCart(includeCompleted)`, `SortType.FACET_ORDER`. */
  key: string;
  message: string;
}

const KIND_CAUSE: Record<string, Cause> = {
  object: "unknown object type",
  input: "unknown input type",
  enum: "unknown enum",
  scalar: "unknown scalar",
};

const PATTERNS: [RegExp, (m: RegExpMatchArray) => Pick<Problem, "cause" | "key">][] = [
  [
    /^Unknown type "([^"]+)"/,
    (m) => ({ cause: KIND_CAUSE[geinsTypeKinds[m[1] as string] ?? ""] ?? "other", key: m[1] as string }),
  ],
  [
    /^Cannot query field "([^"]+)" on type "([^"]+)"/,
    (m) => ({ cause: "unknown field", key: `${m[2]}.${m[1]}` }),
  ],
  [
    /^Unknown argument "([^"]+)" on field "([^"]+)"/,
    (m) => ({ cause: "unknown argument", key: `${m[2]}(${m[1]})` }),
  ],
  [
    /^Variable "\$([^"]+)" of type "([^"]+)" used in position expecting type "([^"]+)"/,
    (m) => ({ cause: "argument type", key: `$${m[1]}: ${m[2]} sent where ${m[3]} is expected` }),
  ],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required/,
    (m) => ({ cause: "required argument not sent", key: `${m[1]}(${m[2]}: ${m[3]})` }),
  ],
  [
    /^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields/,
    (m) => ({ cause: "fields selected on a scalar", key: `${m[1]}: ${m[2]}` }),
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields/,
    (m) => ({ cause: "object read as a scalar", key: `${m[1]}: ${m[2]}` }),
  ],
  [
    /^Fragment "([^"]+)" cannot be spread here as objects of type "([^"]+)" can never be of type "([^"]+)"/,
    (m) => ({ cause: "fragment on an unrelated type", key: `${m[3]} spread in ${m[2]}` }),
  ],
  [
    /Value "([^"]+)" does not exist in "([^"]+)" enum/,
    (m) => ({ cause: "unknown enum value", key: `${m[2]}.${m[1]}` }),
  ],
  [
    /Field "([^"]+)" is not defined by type "([^"]+)"/,
    (m) => ({ cause: "unknown input field", key: `${m[2]}.${m[1]}` }),
  ],
];

export function classify(message: string): Problem {
  for (const [pattern, make] of PATTERNS) {
    const m = message.match(pattern);
    if (m) return { ...make(m), message };
  }
  if (message.startsWith("Variable ")) return { cause: "variable value", key: message, message };
  return { cause: "other", key: message, message };
}

export interface ExampleCheck {
  label: string;
  problems: Problem[];
}

export interface OperationCheck {
  op: OperationRecord;
  /** The document validates against the schema. */
  valid: boolean;
  problems: Problem[];
  /** Coercion of each example's variables (empty when a variable's type is not an input type of the schema). */
  examples: ExampleCheck[];
}

/** Validates the operation's document and coerces each example's variables (context values left out). */
export function checkOperation(schema: GraphQLSchema, op: OperationRecord): OperationCheck {
  const document = parse(buildDocument(op));
  const problems = validate(schema, document).map((e) => classify(e.message));
  const definition = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const varDefs = definition?.variableDefinitions ?? [];
  const typesKnown = varDefs.every((v) => {
    const type = typeFromAST(schema, v.type);
    return type !== undefined && isInputType(type);
  });
  const examples: ExampleCheck[] = [];
  if (typesKnown) {
    for (const example of op.examples) {
      // Context values (cart ids, …) come from a test's shop; coercion only needs stand-ins of their types.
      const result = getVariableValues(schema, varDefs, variablesOf(example, STAND_INS), { maxErrors: 50 });
      examples.push({
        label: example.label,
        problems: result.errors ? result.errors.map((e) => classify(e.message)) : [],
      });
    }
  }
  return { op, valid: problems.length === 0, problems, examples };
}
