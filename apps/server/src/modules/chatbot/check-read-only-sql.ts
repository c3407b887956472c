import { hasUnstorableCharacters } from '@till/core';
import { loadModule, parse } from 'libpg-query';
import { ALLOWED_FUNCTIONS, ALLOWED_OPERATORS, ALLOWED_TYPES } from './reporting-views.ts';

/**
 * The gate in front of the database assistant's SQL (issue 17, docs/decisions/011). The text is
 * parsed by PostgreSQL's own parser (libpg-query) and the whole tree is walked: exactly one
 * plain SELECT, WITH only with SELECT bodies and never RECURSIVE, relations only from the
 * reporting views it is given (or a WITH name in scope), functions, types and operators only
 * from the allow-lists, no locking clause, no SELECT INTO, no parameters. Every node type and
 * every field of a node is named here; anything else is refused, so a construct a later parser
 * adds is refused until someone allows it.
 */
export type SqlRefusalCode =
  | 'empty'
  | 'too_long'
  | 'invalid_text'
  | 'syntax_error'
  | 'not_one_statement'
  | 'not_select'
  | 'select_into'
  | 'locking_clause'
  | 'write_in_cte'
  | 'recursive_cte'
  | 'forbidden_relation'
  | 'forbidden_function'
  | 'forbidden_type'
  | 'forbidden_operator'
  | 'forbidden_construct'
  | 'too_complex';

export type SqlCheck =
  | { ok: true; statement: string; relations: string[] }
  | { ok: false; code: SqlRefusalCode; message: string };

export const MAX_SQL_LENGTH = 4000;
/** Views (or WITH names) a query may name, counted with repeats: a guard against join blow-ups. */
export const MAX_RELATIONS = 8;
const MAX_NODES = 1000;
const MAX_DEPTH = 64;

class Refusal extends Error {
  constructor(
    readonly code: SqlRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (code: SqlRefusalCode, message: string): never => {
  throw new Refusal(code, message);
};

const STATEMENT_WORDS: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  TransactionStmt: 'a transaction command (BEGIN, COMMIT, ROLLBACK …)',
  VariableSetStmt: 'SET or RESET',
  VariableShowStmt: 'SHOW',
  CopyStmt: 'COPY',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  DropStmt: 'DROP',
  TruncateStmt: 'TRUNCATE',
  AlterTableStmt: 'ALTER TABLE',
  GrantStmt: 'GRANT or REVOKE',
  GrantRoleStmt: 'GRANT or REVOKE of a role',
  DoStmt: 'DO',
  CallStmt: 'CALL',
  ExplainStmt: 'EXPLAIN',
  LockStmt: 'LOCK',
  ExecuteStmt: 'EXECUTE',
  PrepareStmt: 'PREPARE',
  DeclareCursorStmt: 'DECLARE',
  FetchStmt: 'FETCH',
  NotifyStmt: 'NOTIFY',
  ListenStmt: 'LISTEN',
  VacuumStmt: 'VACUUM or ANALYZE',
  CreateFunctionStmt: 'CREATE FUNCTION',
  ViewStmt: 'CREATE VIEW',
  DiscardStmt: 'DISCARD',
};

const ALLOWED_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

const OPERATOR_KINDS = new Set(['AEXPR_OP', 'AEXPR_OP_ANY', 'AEXPR_OP_ALL', 'AEXPR_DISTINCT', 'AEXPR_NOT_DISTINCT', 'AEXPR_NULLIF', 'AEXPR_IN', 'AEXPR_LIKE', 'AEXPR_ILIKE']);
const RANGE_KINDS = new Set(['AEXPR_BETWEEN', 'AEXPR_NOT_BETWEEN', 'AEXPR_BETWEEN_SYM', 'AEXPR_NOT_BETWEEN_SYM']);
const SUBLINK_KINDS = new Set(['EXISTS_SUBLINK', 'ALL_SUBLINK', 'ANY_SUBLINK', 'EXPR_SUBLINK', 'ARRAY_SUBLINK']);

const functions = new Set(ALLOWED_FUNCTIONS);
const types = new Set(ALLOWED_TYPES);
const operators = new Set(ALLOWED_OPERATORS);

type Body = Record<string, unknown>;
type Scope = ReadonlySet<string>;

interface Walk {
  allowedViews: ReadonlySet<string>;
  /** The reporting views named, for the record. */
  relations: string[];
  /** Views and WITH names named, with repeats. */
  references: number;
  nodes: number;
}

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A node as the parser writes it where its type varies: `{ TypeName: { …fields } }`. */
function unwrap(node: unknown): [string, Body] {
  if (!isBody(node)) return refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  const keys = Object.keys(node);
  const body = node[keys[0]!];
  if (keys.length !== 1 || !isBody(body)) return refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  return [keys[0]!, body];
}

function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  return value;
}

function only(type: string, body: Body, allowed: readonly string[]) {
  for (const key of Object.keys(body)) {
    if (key !== 'location' && !allowed.includes(key)) refuse('forbidden_construct', `${describe(type, key)} is not allowed in the assistant's queries`);
  }
}

function describe(type: string, key: string): string {
  const known: Record<string, string> = {
    'SelectStmt.valuesLists': 'VALUES',
    'ResTarget.indirection': 'Subscripts or field selection',
    'FuncCall.func_variadic': 'VARIADIC',
    'TypeName.arrayBounds': 'Array types',
    'TypeName.setof': 'SETOF',
    'TypeName.pct_type': '%TYPE',
    'SortBy.useOp': 'ORDER BY … USING',
    'CommonTableExpr.search_clause': 'SEARCH in WITH',
    'CommonTableExpr.cycle_clause': 'CYCLE in WITH',
  };
  return known[`${type}.${key}`] ?? `${type}.${key}`;
}

function tick(walk: Walk, depth: number) {
  walk.nodes += 1;
  if (walk.nodes > MAX_NODES || depth > MAX_DEPTH) refuse('too_complex', 'The query is too complex. Ask for something simpler.');
}

function strings(value: unknown, walk: Walk, depth: number): string[] {
  return list(value).map((item) => {
    tick(walk, depth);
    const [type, body] = unwrap(item);
    if (type !== 'String' || typeof body.sval !== 'string') return refuse('forbidden_construct', 'A name in the query is not a plain name');
    return body.sval;
  });
}

function selectStmt(body: Body, scope: Scope, walk: Walk, depth: number): void {
  tick(walk, depth);
  if (body.intoClause !== undefined) refuse('select_into', 'SELECT … INTO creates a table; only a plain SELECT can run');
  if (body.lockingClause !== undefined) refuse('locking_clause', 'Locking clauses (FOR UPDATE, FOR SHARE …) are not allowed: the assistant only reads');
  only('SelectStmt', body, [
    'targetList', 'fromClause', 'whereClause', 'groupClause', 'groupDistinct', 'havingClause', 'windowClause', 'sortClause',
    'limitCount', 'limitOffset', 'limitOption', 'withClause', 'distinctClause', 'op', 'all', 'larg', 'rarg',
  ]);
  const inner = body.withClause === undefined ? scope : withClause(body.withClause, scope, walk, depth + 1);
  if (body.op !== 'SETOP_NONE') {
    if (!['SETOP_UNION', 'SETOP_INTERSECT', 'SETOP_EXCEPT'].includes(String(body.op))) refuse('forbidden_construct', 'Unknown set operation');
    if (!isBody(body.larg) || !isBody(body.rarg)) refuse('forbidden_construct', 'The query has a part the checker does not recognise');
    selectStmt(body.larg as Body, inner, walk, depth + 1);
    selectStmt(body.rarg as Body, inner, walk, depth + 1);
  } else if (body.larg !== undefined || body.rarg !== undefined) {
    refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  }
  for (const item of list(body.fromClause)) fromItem(item, inner, walk, depth + 1);
  for (const item of list(body.targetList)) {
    tick(walk, depth + 1);
    const [type, target] = unwrap(item);
    if (type !== 'ResTarget') refuse('forbidden_construct', `${type} is not allowed in the select list`);
    only('ResTarget', target, ['name', 'val']);
    expr(target.val, inner, walk, depth + 2);
  }
  for (const key of ['whereClause', 'havingClause', 'limitCount', 'limitOffset'] as const) {
    if (body[key] !== undefined) expr(body[key], inner, walk, depth + 1);
  }
  for (const item of list(body.groupClause)) expr(item, inner, walk, depth + 1);
  for (const item of list(body.sortClause)) expr(item, inner, walk, depth + 1);
  for (const item of list(body.windowClause)) expr(item, inner, walk, depth + 1);
  // Plain DISTINCT is a list holding one empty entry; DISTINCT ON lists expressions.
  for (const item of list(body.distinctClause)) if (!(isBody(item) && Object.keys(item).length === 0)) expr(item, inner, walk, depth + 1);
}

function withClause(value: unknown, scope: Scope, walk: Walk, depth: number): Scope {
  tick(walk, depth);
  if (!isBody(value)) return refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  if (value.recursive) refuse('recursive_cte', 'WITH RECURSIVE is not allowed: it can run without end');
  only('WithClause', value, ['ctes', 'recursive']);
  // A WITH query sees the names before it, never its own: a name it repeats is a real relation.
  const visible = new Set(scope);
  for (const item of list(value.ctes)) {
    tick(walk, depth + 1);
    const [type, cte] = unwrap(item);
    if (type !== 'CommonTableExpr') refuse('forbidden_construct', `${type} is not allowed in WITH`);
    only('CommonTableExpr', cte, ['ctename', 'aliascolnames', 'ctematerialized', 'ctequery']);
    strings(cte.aliascolnames, walk, depth + 2);
    const name = String(cte.ctename);
    const [queryType, query] = unwrap(cte.ctequery);
    if (queryType !== 'SelectStmt') refuse('write_in_cte', `WITH ${name} holds ${STATEMENT_WORDS[queryType] ?? queryType}; only SELECT is allowed in WITH`);
    selectStmt(query, visible, walk, depth + 2);
    visible.add(name);
  }
  return visible;
}

function relation(body: Body, scope: Scope, walk: Walk) {
  only('RangeVar', body, ['relname', 'schemaname', 'catalogname', 'inh', 'relpersistence', 'alias']);
  const name = String(body.relname);
  const qualified = [body.catalogname, body.schemaname, name].filter((part) => part !== undefined).join('.');
  walk.references += 1;
  if (walk.references > MAX_RELATIONS) refuse('too_complex', `A query may name at most ${MAX_RELATIONS} views. Ask for something simpler.`);
  if (body.catalogname === undefined && body.schemaname === undefined && scope.has(name)) return;
  const inPublic = body.catalogname === undefined && (body.schemaname === undefined || body.schemaname === 'public');
  if (!inPublic || !walk.allowedViews.has(name)) {
    refuse('forbidden_relation', `"${qualified}" is not one of the reporting views the assistant may read (${[...walk.allowedViews].join(', ') || 'none'})`);
  }
  if (!walk.relations.includes(name)) walk.relations.push(name);
}

function alias(value: unknown, walk: Walk, depth: number) {
  if (value === undefined) return;
  if (!isBody(value)) return refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  only('Alias', value, ['aliasname', 'colnames']);
  strings(value.colnames, walk, depth + 1);
}

function fromItem(node: unknown, scope: Scope, walk: Walk, depth: number): void {
  tick(walk, depth);
  const [type, body] = unwrap(node);
  switch (type) {
    case 'RangeVar':
      relation(body, scope, walk);
      alias(body.alias, walk, depth);
      return;
    case 'RangeSubselect': {
      only('RangeSubselect', body, ['lateral', 'subquery', 'alias']);
      const [queryType, query] = unwrap(body.subquery);
      if (queryType !== 'SelectStmt') refuse('not_select', `A subquery holds ${STATEMENT_WORDS[queryType] ?? queryType}; only SELECT is allowed`);
      selectStmt(query, scope, walk, depth + 1);
      alias(body.alias, walk, depth);
      return;
    }
    case 'JoinExpr':
      only('JoinExpr', body, ['jointype', 'isNatural', 'larg', 'rarg', 'usingClause', 'join_using_alias', 'quals', 'alias', 'rtindex']);
      fromItem(body.larg, scope, walk, depth + 1);
      fromItem(body.rarg, scope, walk, depth + 1);
      strings(body.usingClause, walk, depth + 1);
      alias(body.join_using_alias, walk, depth);
      alias(body.alias, walk, depth);
      if (body.quals !== undefined) expr(body.quals, scope, walk, depth + 1);
      return;
    case 'RangeFunction':
    case 'RangeTableFunc':
      return refuse('forbidden_function', 'Functions in FROM (such as generate_series or dblink) are not allowed');
    case 'RangeTableSample':
      return refuse('forbidden_construct', 'TABLESAMPLE is not allowed');
    default:
      return refuse('forbidden_construct', `${type} is not allowed in FROM`);
  }
}

function checkOperator(names: string[]) {
  const name = names.at(-1) ?? '';
  if (names.length > 2 || (names.length === 2 && names[0] !== 'pg_catalog') || !operators.has(name)) {
    refuse('forbidden_operator', `The operator ${names.join('.')} is not allowed`);
  }
}

function typeName(value: unknown, scope: Scope, walk: Walk, depth: number) {
  tick(walk, depth);
  if (!isBody(value)) return refuse('forbidden_construct', 'The query has a part the checker does not recognise');
  only('TypeName', value, ['names', 'typmods', 'typemod']);
  const names = strings(value.names, walk, depth + 1);
  const name = names.at(-1) ?? '';
  if (names.length > 2 || (names.length === 2 && names[0] !== 'pg_catalog') || !types.has(name)) {
    refuse('forbidden_type', `Casting to ${names.join('.')} is not allowed`);
  }
  for (const item of list(value.typmods)) expr(item, scope, walk, depth + 1);
}

function windowDef(value: Body, scope: Scope, walk: Walk, depth: number) {
  only('WindowDef', value, ['name', 'refname', 'partitionClause', 'orderClause', 'frameOptions', 'startOffset', 'endOffset']);
  for (const item of [...list(value.partitionClause), ...list(value.orderClause)]) expr(item, scope, walk, depth + 1);
  for (const key of ['startOffset', 'endOffset'] as const) if (value[key] !== undefined) expr(value[key], scope, walk, depth + 1);
}

function exprs(value: unknown, scope: Scope, walk: Walk, depth: number) {
  for (const item of list(value)) expr(item, scope, walk, depth);
}

function expr(node: unknown, scope: Scope, walk: Walk, depth: number): void {
  tick(walk, depth);
  const [type, body] = unwrap(node);
  const next = depth + 1;
  switch (type) {
    case 'ColumnRef': {
      only('ColumnRef', body, ['fields']);
      const fields = list(body.fields);
      if (fields.length < 1 || fields.length > 2) refuse('forbidden_construct', 'Name a column as column or view.column');
      fields.forEach((field, index) => {
        const [fieldType, fieldBody] = unwrap(field);
        const star = fieldType === 'A_Star' && index === fields.length - 1;
        if (!star && !(fieldType === 'String' && typeof fieldBody.sval === 'string')) refuse('forbidden_construct', 'A column name is not a plain name');
      });
      return;
    }
    case 'A_Const':
      only('A_Const', body, ['ival', 'fval', 'sval', 'bsval', 'boolval', 'isnull']);
      return;
    case 'A_Expr': {
      only('A_Expr', body, ['kind', 'name', 'lexpr', 'rexpr', 'rexpr_list_start', 'rexpr_list_end']);
      const kind = String(body.kind);
      if (OPERATOR_KINDS.has(kind)) checkOperator(strings(body.name, walk, next));
      else if (!RANGE_KINDS.has(kind)) refuse('forbidden_operator', kind === 'AEXPR_SIMILAR' ? 'SIMILAR TO is not allowed' : `${kind} is not allowed`);
      if (body.lexpr !== undefined) expr(body.lexpr, scope, walk, next);
      if (body.rexpr !== undefined) expr(body.rexpr, scope, walk, next);
      return;
    }
    case 'List':
      only('List', body, ['items']);
      exprs(body.items, scope, walk, next);
      return;
    case 'BoolExpr':
      only('BoolExpr', body, ['boolop', 'args']);
      exprs(body.args, scope, walk, next);
      return;
    case 'NullTest':
      only('NullTest', body, ['arg', 'nulltesttype', 'argisrow']);
      expr(body.arg, scope, walk, next);
      return;
    case 'BooleanTest':
      only('BooleanTest', body, ['arg', 'booltesttype']);
      expr(body.arg, scope, walk, next);
      return;
    case 'SubLink': {
      only('SubLink', body, ['subLinkType', 'testexpr', 'operName', 'subselect']);
      if (!SUBLINK_KINDS.has(String(body.subLinkType))) refuse('forbidden_construct', `${String(body.subLinkType)} is not allowed`);
      if (body.operName !== undefined) checkOperator(strings(body.operName, walk, next));
      if (body.testexpr !== undefined) expr(body.testexpr, scope, walk, next);
      const [queryType, query] = unwrap(body.subselect);
      if (queryType !== 'SelectStmt') refuse('not_select', `A subquery holds ${STATEMENT_WORDS[queryType] ?? queryType}; only SELECT is allowed`);
      selectStmt(query, scope, walk, next);
      return;
    }
    case 'CaseExpr':
      only('CaseExpr', body, ['arg', 'args', 'defresult']);
      if (body.arg !== undefined) expr(body.arg, scope, walk, next);
      if (body.defresult !== undefined) expr(body.defresult, scope, walk, next);
      exprs(body.args, scope, walk, next);
      return;
    case 'CaseWhen':
      only('CaseWhen', body, ['expr', 'result']);
      expr(body.expr, scope, walk, next);
      expr(body.result, scope, walk, next);
      return;
    case 'CoalesceExpr':
      only('CoalesceExpr', body, ['args']);
      exprs(body.args, scope, walk, next);
      return;
    case 'MinMaxExpr':
      only('MinMaxExpr', body, ['op', 'args']);
      exprs(body.args, scope, walk, next);
      return;
    case 'FuncCall': {
      only('FuncCall', body, ['funcname', 'args', 'agg_order', 'agg_filter', 'over', 'agg_within_group', 'agg_star', 'agg_distinct', 'funcformat']);
      const names = strings(body.funcname, walk, next);
      const name = names.at(-1) ?? '';
      if (names.length > 2 || (names.length === 2 && names[0] !== 'pg_catalog') || !functions.has(name)) {
        refuse('forbidden_function', `The function ${names.join('.')} is not allowed; the assistant may use ${ALLOWED_FUNCTIONS.join(', ')}`);
      }
      exprs(body.args, scope, walk, next);
      exprs(body.agg_order, scope, walk, next);
      if (body.agg_filter !== undefined) expr(body.agg_filter, scope, walk, next);
      if (body.over !== undefined) {
        if (!isBody(body.over)) refuse('forbidden_construct', 'The query has a part the checker does not recognise');
        windowDef(body.over as Body, scope, walk, next);
      }
      return;
    }
    case 'WindowDef':
      windowDef(body, scope, walk, next);
      return;
    case 'SortBy':
      only('SortBy', body, ['node', 'sortby_dir', 'sortby_nulls']);
      expr(body.node, scope, walk, next);
      return;
    case 'TypeCast':
      only('TypeCast', body, ['arg', 'typeName']);
      expr(body.arg, scope, walk, next);
      typeName(body.typeName, scope, walk, next);
      return;
    case 'SQLValueFunction':
      only('SQLValueFunction', body, ['op', 'typmod']);
      if (!ALLOWED_VALUE_FUNCTIONS.has(String(body.op))) refuse('forbidden_function', 'Only CURRENT_DATE, CURRENT_TIME(STAMP) and LOCALTIME(STAMP) are allowed among SQL value functions');
      return;
    case 'A_ArrayExpr':
      only('A_ArrayExpr', body, ['elements', 'list_start', 'list_end']);
      exprs(body.elements, scope, walk, next);
      return;
    case 'GroupingSet':
      only('GroupingSet', body, ['kind', 'content']);
      exprs(body.content, scope, walk, next);
      return;
    case 'ParamRef':
      return refuse('forbidden_construct', 'Parameters ($1 …) are not allowed; write the values in the query');
    default:
      return refuse('forbidden_construct', `${type} is not allowed in the assistant's queries`);
  }
}

/** The text of the one statement, without its trailing semicolon or comments (offsets are UTF-8 bytes). */
function statementText(text: string, located: { stmt_location?: number; stmt_len?: number }): string {
  const bytes = Buffer.from(text, 'utf8');
  const start = located.stmt_location ?? 0;
  const end = located.stmt_len ? start + located.stmt_len : bytes.length;
  return bytes.subarray(start, end).toString('utf8').trim();
}

let loaded: Promise<void> | null = null;

/**
 * Checks one query against the allowed views. Refusals carry a code and a sentence the
 * assistant panel shows as it is ("Query failed" and the reason, SPEC §8).
 */
export async function checkReadOnlySql(text: string, options: { allowedViews: readonly string[] }): Promise<SqlCheck> {
  try {
    if (typeof text !== 'string' || text.trim() === '') refuse('empty', 'Write a SELECT query to run');
    if (text.length > MAX_SQL_LENGTH) refuse('too_long', `A query may be at most ${MAX_SQL_LENGTH} characters`);
    if (hasUnstorableCharacters(text)) refuse('invalid_text', 'The query contains characters that cannot be used (NUL or broken Unicode)');
    loaded ??= loadModule();
    await loaded;
    let tree: { stmts?: { stmt?: unknown; stmt_location?: number; stmt_len?: number }[] };
    try {
      tree = await parse(text);
    } catch (error) {
      return { ok: false, code: 'syntax_error', message: `The query is not valid SQL: ${error instanceof Error ? error.message : String(error)}` };
    }
    const statements = tree.stmts ?? [];
    if (statements.length !== 1) refuse('not_one_statement', `Send exactly one SELECT statement (this has ${statements.length})`);
    const [type, body] = unwrap(statements[0]!.stmt);
    if (type !== 'SelectStmt') refuse('not_select', `Only a SELECT can run; this is ${STATEMENT_WORDS[type] ?? type}`);
    const walk: Walk = { allowedViews: new Set(options.allowedViews), relations: [], references: 0, nodes: 0 };
    selectStmt(body, new Set(), walk, 0);
    return { ok: true, statement: statementText(text, statements[0]!), relations: walk.relations };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
