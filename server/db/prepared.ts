import type { Query, SQL } from "drizzle-orm";
import { PgDialect, PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/**
 * A read that runs on every request, built once per database handle as a named prepared statement: drizzle does not
 * build its SQL again on each call (the largest share of the app's CPU on polled reads, docs/benchmarks.md) and
 * PostgreSQL parses it once per connection. Inside a transaction it is built for that transaction, like any query.
 */
export function preparedRead<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byHandle = new WeakMap<object, Q>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db);
    let query = byHandle.get(db);
    if (!query) byHandle.set(db, (query = build(db)));
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A statement written as SQL, compiled once and run as a named prepared statement on whatever handle it is given,
 * a transaction included (`preparedRead` builds anew inside one): for the statements of a hot transaction. Values
 * go in by placeholder name (`sql.placeholder`). Rows come back as the driver gives them, keyed by column alias and
 * without Drizzle's mapping, so such a statement should select numbers, text, booleans and json, not timestamps.
 */
export function preparedStatement<Row>(name: string, build: () => SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
