import fc from 'fast-check';
import { AUTHORIZATION_MATRIX, type Cell } from '../authorization-matrix';
import type { MatrixRole } from '../security-world';
import {
  bodyArbitrary,
  bodyFields,
  plainPathValue,
  queryText,
  requiredInEveryVariant,
  type FuzzCase,
} from './bad-input';
import { fillPath, type Operation, type RealValues } from './openapi-operations';
import { VALID_EXAMPLES } from './valid-examples';

/**
 * The bad input every operation gets on every run, whatever the sample draws (issue 27): no
 * body, an empty body, the empty object, and the valid request with each required field or
 * query parameter missing. `PATCH /api/saved-searches/{id}` answered `{}` with a 500 for a
 * day because `{}` was only ever one draw among thousands; these are the first things a
 * careless client sends, so they are never left to chance.
 */

/** Roles in the order tried: the first the route lets past its guard sends the cases. */
const SENDERS: MatrixRole[] = [
  'premiumProducer',
  'agent',
  'admin',
  'freeProducer',
  'otherProducer',
  'otherAgent',
  'signedOut',
];

const ownStatus = (cell: Cell) => (typeof cell === 'number' ? cell : cell.own);

/**
 * A role the authorisation matrix lets through to validation, so the bad input is judged by
 * the handler rather than refused by the guard first (admin when the route has no row).
 */
export function senderFor(operationKey: string): MatrixRole {
  const row = AUTHORIZATION_MATRIX.find((candidate) => candidate.route === operationKey);
  if (!row) return 'admin';
  return SENDERS.find((role) => ownStatus(row.cells[role]) < 400) ?? 'admin';
}

export function everyTimeCases(
  operation: Operation,
  realValues: RealValues,
  seed: number,
): FuzzCase[] {
  const pathValues = Object.fromEntries(
    operation.parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, fc.sample(plainPathValue(p, realValues), { seed, numRuns: 1 })[0]]),
  );
  const example = VALID_EXAMPLES[operation.key]?.(realValues, `every${seed >>> 0}`);
  const validQuery = example?.query ?? {};
  const validBody =
    example?.body ??
    (operation.body
      ? fc.sample(bodyArbitrary(operation.body, realValues), { seed, numRuns: 1 })[0]
      : undefined);
  const body = operation.body;
  const role = senderFor(operation.key);
  const request = (
    strategy: FuzzCase['strategy'],
    query: Record<string, string>,
    payload: string | undefined,
    mustReject: boolean,
  ): FuzzCase => ({
    strategy,
    role,
    method: operation.method,
    url: fillPath(operation.path, pathValues) + queryText(query),
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
    payload,
    mustReject,
  });

  const requiredFields = bodyFields(body).filter((field) => field.required);
  const cases: FuzzCase[] = [
    request('no-body', validQuery, undefined, body !== undefined && requiredFields.length > 0),
    request('empty-body', validQuery, '', body !== undefined),
    request('empty-object', validQuery, '{}', requiredFields.length > 0),
  ];
  if (body && typeof validBody === 'object' && validBody !== null) {
    for (const field of requiredFields) {
      const rest: Record<string, unknown> = { ...(validBody as Record<string, unknown>) };
      delete rest[field.name];
      cases.push(
        request(
          'missing-field',
          validQuery,
          JSON.stringify(rest),
          requiredInEveryVariant(body, field.name),
        ),
      );
    }
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query' && p.required)) {
    const rest = { ...validQuery };
    delete rest[parameter.name];
    cases.push(
      request(
        'missing-field',
        rest,
        validBody === undefined ? undefined : JSON.stringify(validBody),
        true,
      ),
    );
  }
  return cases;
}
