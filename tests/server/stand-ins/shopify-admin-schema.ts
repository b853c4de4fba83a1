/**
 * Shopify's published GraphQL Admin API schemas, one per supported API version
 * (shopify-admin-schemas/admin_{version}.json.gz: the introspection result of each version,
 * gzipped, as Shopify's @shopify/dev-mcp package publishes them; see the README there). Used by
 * the Shopify stand-in to refuse what Shopify would refuse, and by the test that checks every
 * operation of the connector against every supported version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  GraphQLError,
  NoDeprecatedCustomRule,
  TypeInfo,
  buildClientSchema,
  getNamedType,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from 'graphql';

const DATA_DIR = fileURLToPath(new URL('./shopify-admin-schemas/', import.meta.url));
const schemas = new Map<string, GraphQLSchema>();

/** Whether the Admin schema of `version` is here. */
export function hasAdminSchema(version: string): boolean {
  return /^[\w-]+$/.test(version) && existsSync(`${DATA_DIR}admin_${version}.json.gz`);
}

/** The Admin API schema of `version` (built once per process). */
export function adminSchema(version: string): GraphQLSchema {
  let schema = schemas.get(version);
  if (!schema) {
    if (!hasAdminSchema(version)) throw new Error(`No Shopify Admin schema for ${version} in ${DATA_DIR}`);
    const json = JSON.parse(gunzipSync(readFileSync(`${DATA_DIR}admin_${version}.json.gz`)).toString('utf8')) as {
      data?: IntrospectionQuery;
    } & Partial<IntrospectionQuery>;
    schema = buildClientSchema(json.data ?? (json as IntrospectionQuery));
    schemas.set(version, schema);
  }
  return schema;
}

export interface CheckedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The variables as the schema coerces them. */
  variables: Record<string, unknown>;
}

/**
 * Parses and validates a document as the Admin API does, and coerces its variables against the
 * operation's variable definitions (an unknown input field or a missing required one is an
 * error). `deprecated`: also refuse deprecated fields, arguments and enum values.
 */
export function checkOperation(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown> | undefined,
  opts: { deprecated?: boolean } = {},
): { ok: true; result: CheckedOperation } | { ok: false; errors: readonly GraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (err) {
    return { ok: false, errors: [err instanceof GraphQLError ? err : new GraphQLError(String(err))] };
  }
  const errors = validate(schema, document, opts.deprecated ? [...specifiedRules, NoDeprecatedCustomRule] : specifiedRules);
  if (errors.length > 0) return { ok: false, errors };
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const operation = operations[0];
  if (!operation || operations.length !== 1) return { ok: false, errors: [new GraphQLError('Send exactly one operation')] };
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) return { ok: false, errors: coerced.errors };
  return { ok: true, result: { document, operation, variables: coerced.coerced } };
}

/** The fields an operation selects, as `Type.field` (e.g. `Order.email`). */
export function selectedFields(schema: GraphQLSchema, document: DocumentNode): Set<string> {
  const info = new TypeInfo(schema);
  const out = new Set<string>();
  visit(
    document,
    visitWithTypeInfo(info, {
      Field(node) {
        const parent = info.getParentType();
        if (parent) out.add(`${getNamedType(parent).name}.${node.name.value}`);
      },
    }),
  );
  return out;
}
