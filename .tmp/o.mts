import { createTestApp } from '../tests/helpers/test-app';
import { AUTHORIZATION_MATRIX } from '../tests/security/authorization-matrix';
const t = await createTestApp();
const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
for (const [path, item] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(item)) {
  if (m === 'get') continue;
  const key = `${m.toUpperCase()} ${path}`;
  const row = AUTHORIZATION_MATRIX.find((r) => r.route === key);
  const has401 = '401' in (op.responses ?? {});
  const so = row?.cells.signedOut;
  if ((so === 401) !== has401) console.log('MISMATCH', key, 'matrix', JSON.stringify(so), 'declares401', has401);
}
let q = 0; for (const [path, item] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(item)) { const qp=(op.parameters??[]).filter((p:any)=>p.in==='query').map((p:any)=>p.name); if (qp.length) console.log(m.toUpperCase(), path, qp.join(',')); }
await t.close();
