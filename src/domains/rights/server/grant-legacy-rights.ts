import { sql } from 'drizzle-orm';
import { RIGHTS } from '@/domains/listings/listings.constants';
import type { Executor } from '@/server/db/client';

const rightsList = sql.raw(RIGHTS.map((right) => `'${right}'`).join(', '));

/**
 * Options recorded without a deal on the platform (the demo catalogue's optioned and sold
 * titles; issue 29): every listing that is optioned or sold and has no live grant gets a
 * legacy grant (no offer, no end) of its whole grid, each square once however the territory
 * is spelled ('UK' and 'uk'). Set-based, in the caller's transaction, so seeding 100,000
 * listings stays two statements. The listings' `rights_taken` is the caller's (the seed
 * writes it with the rows); answers how many grants it made.
 */
export async function grantLegacyRights(executor: Executor): Promise<number> {
  const result = await executor.execute<{ grants: number }>(sql`
    with legacy as (
      insert into rights_grants (listing_id, status, starts_at, sold_at)
      select l.id,
             case when l.status = 'sold' then 'sold' else 'optioned' end,
             l.updated_at,
             case when l.status = 'sold' then l.updated_at end
      from listings l
      where l.status in ('optioned', 'sold')
        and not exists (select 1 from rights_grants g
                        where g.listing_id = l.id and g.status in ('optioned', 'sold'))
      returning id, listing_id
    ),
    cells as (
      insert into rights_grant_cells (grant_id, listing_id, media, territory, territory_key)
      select distinct on (g.listing_id, m.media, lower(trim(t.territory)))
             g.id, g.listing_id, m.media, t.territory, lower(trim(t.territory))
      from legacy g
      join listings l on l.id = g.listing_id
      cross join lateral unnest(l.rights_available) as m(media)
      cross join lateral unnest(l.territory) with ordinality as t(territory, position)
      where m.media in (${rightsList}) and trim(t.territory) <> ''
      order by g.listing_id, m.media, lower(trim(t.territory)), t.position
      returning 1
    )
    select (select count(*) from legacy)::int as grants, (select count(*) from cells)::int as cells
  `);
  return Number(result.rows[0]?.grants ?? 0);
}
