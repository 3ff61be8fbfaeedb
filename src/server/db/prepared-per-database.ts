/**
 * Wraps a function that prepares statements on a database so it runs once per database
 * handle: the statements are built once and planned once per connection, instead of on every
 * request. Keyed weakly, so a closed test database takes its statements with it.
 */
export function preparedPerDatabase<D extends object, T>(prepare: (db: D) => T): (db: D) => T {
  const byDatabase = new WeakMap<D, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
