import { PgTransaction } from "drizzle-orm/pg-core";
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
