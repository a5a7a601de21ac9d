/**
 * Drift guard: functions/src/db/schema.ts (what Kysely believes) against the migrated test database
 * (what Postgres has). Tables, columns, nullability, type families and defaults must agree, or a
 * query that type-checks fails at runtime.
 *
 * schema.ts is read with the TypeScript 7 checker (`typescript/unstable/sync`, which runs the
 * bundled tsgo), so aliases, `extends` and Kysely's `ColumnType`/`Generated` are resolved the way
 * tsc resolves them. That API is marked unstable: if a TypeScript upgrade breaks it, this test
 * fails loudly rather than passing.
 */
import { resolve } from 'node:path';
import pg from 'pg';
import { API, type Checker, SymbolFlags, type Type, TypeFlags } from 'typescript/unstable/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const schemaFile = resolve(import.meta.dirname, 'schema.ts');

/** What a column's select type is made of, in the terms Postgres columns map to. */
type Family = 'string' | 'number' | 'boolean' | 'Date' | 'json' | 'Buffer';

interface TsColumn {
  families: Set<string>;
  nullable: boolean;
  /** The insert type admits `undefined` (Generated, or ColumnType<S, S | undefined, U>) or is `never`. */
  insertOptional: boolean;
  text: string;
}

interface DbColumn {
  dataType: string;
  nullable: boolean;
  hasDefault: boolean;
}

/**
 * The TypeScript family each Postgres type arrives as through `pg` with the parsers set in
 * lib/db.ts: int8 as a number, date as a 'YYYY-MM-DD' string; numeric stays a string.
 */
const familyOfDataType: Record<string, Family> = {
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  date: 'string',
  numeric: 'string',
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  json: 'json',
  jsonb: 'json',
  tsvector: 'string',
  bytea: 'Buffer',
};

/** Splits a type into the families of its union members; `null` is reported separately. */
function familiesOf(checker: Checker, type: Type): { families: Set<string>; nullable: boolean } {
  const families = new Set<string>();
  let nullable = false;
  const visit = (t: Type) => {
    if (t.flags & TypeFlags.Null) nullable = true;
    else if (t.flags & (TypeFlags.String | TypeFlags.StringLiteral | TypeFlags.TemplateLiteral))
      families.add('string');
    else if (t.flags & (TypeFlags.Number | TypeFlags.NumberLiteral)) families.add('number');
    // `boolean` is itself the union true | false, so test it before unions.
    else if (t.flags & (TypeFlags.Boolean | TypeFlags.BooleanLiteral)) families.add('boolean');
    else if (t.isUnionType()) for (const member of t.getTypes()) visit(member);
    else if (t.flags & TypeFlags.Object && t.getSymbol()?.name === 'Date') families.add('Date');
    else if (t.flags & TypeFlags.Object && t.getSymbol()?.name === 'Buffer') families.add('Buffer');
    else if (t.flags & (TypeFlags.Unknown | TypeFlags.Any)) families.add('json');
    else families.add(`unsupported type ${checker.typeToString(t)}`);
  };
  visit(type);
  return { families, nullable };
}

/** Table -> column -> shape, as the TypeScript checker sees `Database` in schema.ts. */
function readSchemaTs(): Map<string, Map<string, TsColumn>> {
  const api = new API({ cwd: resolve(import.meta.dirname, '../../..') });
  try {
    const snapshot = api.updateSnapshot({ openFiles: [schemaFile] });
    const project = snapshot.getDefaultProjectForFile(schemaFile);
    const sourceFile = project?.program.getSourceFile(schemaFile);
    if (!project || !sourceFile) throw new Error(`TypeScript did not load ${schemaFile}`);
    const { checker } = project;
    const database = checker.resolveName('Database', SymbolFlags.Interface, {
      document: schemaFile,
      position: sourceFile.end,
    });
    if (!database) throw new Error('schema.ts has no `Database` interface');

    const tables = new Map<string, Map<string, TsColumn>>();
    for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
      const columns = new Map<string, TsColumn>();
      const tableType = checker.getTypeOfSymbol(table);
      if (!tableType) throw new Error(`schema.ts: no type for Database.${table.name}`);
      for (const column of checker.getPropertiesOfType(tableType)) {
        const type = checker.getTypeOfSymbol(column);
        if (!type) throw new Error(`schema.ts: no type for ${table.name}.${column.name}`);
        // Kysely's ColumnType<S, I, U> is { __select__: S; __insert__: I; __update__: U }.
        const select = checker.getPropertyOfType(type, '__select__');
        const insert = checker.getPropertyOfType(type, '__insert__');
        const selectType = select ? checker.getTypeOfSymbol(select) : type;
        const insertType = insert ? checker.getTypeOfSymbol(insert) : type;
        if (!selectType || !insertType)
          throw new Error(`schema.ts: cannot read ${table.name}.${column.name}`);
        const insertMembers = insertType.isUnionType() ? insertType.getTypes() : [insertType];
        columns.set(column.name, {
          ...familiesOf(checker, selectType),
          insertOptional:
            !!(insertType.flags & TypeFlags.Never) ||
            insertMembers.some((member) => member.flags & TypeFlags.Undefined),
          text: checker.typeToString(type),
        });
      }
      tables.set(table.name, columns);
    }
    return tables;
  } finally {
    api.close();
  }
}

/** Table -> column -> shape, from information_schema of the migrated database. */
async function readDatabase(url: string): Promise<Map<string, Map<string, DbColumn>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: 'YES' | 'NO';
      column_default: string | null;
      is_identity: 'YES' | 'NO';
      is_generated: string;
    }>(`
      SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default,
             c.is_identity, c.is_generated
        FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND c.table_name NOT IN ('kysely_migration', 'kysely_migration_lock')
       ORDER BY c.table_name, c.ordinal_position`);
    const tables = new Map<string, Map<string, DbColumn>>();
    for (const row of rows) {
      const columns = tables.get(row.table_name) ?? new Map<string, DbColumn>();
      columns.set(row.column_name, {
        dataType: row.data_type,
        nullable: row.is_nullable === 'YES',
        hasDefault: row.column_default !== null || row.is_identity === 'YES' || row.is_generated === 'ALWAYS',
      });
      tables.set(row.table_name, columns);
    }
    return tables;
  } finally {
    await client.end();
  }
}

/** Every disagreement as one readable line naming table.column; empty when they agree. */
function compare(ts: Map<string, Map<string, TsColumn>>, db: Map<string, Map<string, DbColumn>>): string[] {
  const problems: string[] = [];
  for (const table of db.keys())
    if (!ts.has(table)) problems.push(`${table}: table is in the database but not in Database (schema.ts)`);
  for (const table of ts.keys())
    if (!db.has(table))
      problems.push(`${table}: in Database (schema.ts) but the migrations create no such table`);

  for (const [table, dbColumns] of db) {
    const tsColumns = ts.get(table);
    if (!tsColumns) continue;
    for (const column of dbColumns.keys())
      if (!tsColumns.has(column))
        problems.push(`${table}.${column}: column is in the database but not in schema.ts`);
    for (const column of tsColumns.keys())
      if (!dbColumns.has(column))
        problems.push(`${table}.${column}: in schema.ts but the database has no such column`);

    for (const [column, d] of dbColumns) {
      const t = tsColumns.get(column);
      if (!t) continue;
      const where = `${table}.${column}: database ${d.dataType}${d.nullable ? ' NULL' : ' NOT NULL'}${d.hasDefault ? ' with a default' : ''}, schema.ts ${t.text}`;
      const family = familyOfDataType[d.dataType];
      if (!family) {
        problems.push(`${where}: no TypeScript mapping for ${d.dataType} (add it to familyOfDataType)`);
        continue;
      }
      // json(b) may hold anything; for the rest the select type must be exactly that family.
      if (family !== 'json' && (t.families.size !== 1 || !t.families.has(family)))
        problems.push(
          `${where}: select type should be ${family}, is ${[...t.families].join(' | ') || 'only null'}`,
        );
      if (d.nullable !== t.nullable)
        problems.push(
          `${where}: ${d.nullable ? 'column is nullable, type lacks | null' : 'column is NOT NULL, type has | null'}`,
        );
      if (!d.nullable && d.hasDefault !== t.insertOptional)
        problems.push(
          d.hasDefault
            ? `${where}: column has a default, so inserts may omit it (Generated<…> or ColumnType<S, S | undefined, U>)`
            : `${where}: column has no default, so inserts must give it (the insert type must not admit undefined)`,
        );
    }
  }
  return problems;
}

describe('schema.ts against the migrated database', () => {
  let ts: Map<string, Map<string, TsColumn>>;
  let db: Map<string, Map<string, DbColumn>>;

  beforeAll(async () => {
    ts = readSchemaTs();
    db = await readDatabase(inject('databaseUrl'));
  });

  it('reads both sides (a guard that reads nothing cannot fail)', () => {
    expect(db.get('posts')?.get('title')).toEqual({ dataType: 'text', nullable: false, hasDefault: false });
    expect(ts.get('posts')?.get('id')).toMatchObject({ nullable: false, insertOptional: true });
    expect(ts.get('posts')?.get('deleted_at')?.families).toEqual(new Set(['Date']));
  });

  it('agree on tables, columns, nullability, type families and defaults', () => {
    const problems = compare(ts, db);
    expect(problems, `schema.ts and the migrations disagree:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });
});
