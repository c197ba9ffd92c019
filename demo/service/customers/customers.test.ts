// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { useSandbox } from '../../testing/sandbox';
import type { Customer } from './schema';

const t = useSandbox();

type Page = {
  data: Customer[];
  meta: { total: number; page: number; limit: number; totalPages: number };
};
const list = (query: string, key = 'sk_test_sandbox') =>
  t.api<Page>(`/v1/customers${query}`, { key });
const ids = async (query: string, key?: string) =>
  (await list(query, key)).body.data.map((c) => c.id);

describe('GET /v1/customers: the shared list rules', () => {
  it('default order -createdAt (newest first), 10 a page, totals for the key’s merchant', async () => {
    const reply = await list('');
    expect(reply.body.meta).toEqual({ total: 10, page: 1, limit: 10, totalPages: 1 });
    const dates = reply.body.data.map((c) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(reply.body.data[0]?.id).toBe('cus_sandbox_grace');
  });

  it('orderBy: fields of the record, comma-separated, - for descending', async () => {
    expect(await ids('?orderBy=createdAt&limit=2')).toEqual([
      'cus_sandbox_ana',
      'cus_sandbox_john',
    ]);
    const byType = (await list('?orderBy=documentType,-name')).body.data.map((c) => [
      c.documentType,
      c.name,
    ]);
    expect(byType.slice(0, 4)).toEqual([
      ['cnpj', 'Acme Comércio Ltda'],
      ['cpf', 'Fábio Nunes'],
      ['cpf', 'Elisa Costa'],
      ['cpf', 'Carla Mendes'],
    ]);
  });

  it('pages: limit 3 → 4 pages, the last short, past the last empty with the totals', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...(await ids(`?limit=3&page=${page}`)));
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    const past = await list('?limit=3&page=9');
    expect(past.body).toEqual({ data: [], meta: { total: 10, page: 9, limit: 3, totalPages: 4 } });
  });

  it.each([
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=1.5', 'limit must be a whole number'],
    ['?page=-1', 'page must be a whole number'],
    ['?orderBy=password', 'orderBy has an unknown field "password"'],
    ['?orderBy=createdAt,', 'orderBy has an unknown field ""'],
  ])('400 for %s, naming the parameter', async (query, message) => {
    const reply = await t.api<{ statusCode: number; message: string }>(`/v1/customers${query}`, {
      key: 'sk_test_sandbox',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.statusCode).toBe(400);
    expect(reply.body.message.startsWith(message)).toBe(true);
  });

  it('search treats % and _ as text', async () => {
    expect(await ids('?search=%25')).toEqual([]);
    expect(await ids('?search=_')).toEqual([]);
  });
});

describe('tenancy', () => {
  it('each key lists only its merchant’s customers', async () => {
    expect(await ids('?orderBy=createdAt', 'sk_test_sub')).toEqual([
      'cus_sub_helena',
      'cus_sub_igor',
    ]);
    expect(await ids('', 'sk_test_noconnect')).toEqual(['cus_outra_julia']);
    expect(await ids('', 'sk_test_other_sub')).toEqual([]);
    // "souza" matches Júlia Souza of Outra Loja too, but Loja Exemplo sees only its own.
    expect(await ids('?search=souza')).toEqual(['cus_sandbox_ana']);
  });

  it('another merchant’s customer: 404 customer not found, by id and in a charge', async () => {
    const reply = await t.api('/v1/customers/cus_sandbox_ana', { key: 'sk_test_sub' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ statusCode: 404, message: 'customer not found' });
    expect((await t.api('/v1/customers/cus_sub_helena', { key: 'sk_test_sub' })).status).toBe(200);
    const charge = await t.api('/v1/charges', {
      key: 'sk_test_sub',
      body: {
        amount: 10,
        currency: 'BRL',
        customer: { id: 'cus_sandbox_ana' },
        items: [{ type: 'digital' }],
        paymentMethod: rawCard(),
      },
    });
    expect(charge.status).toBe(404);
    expect(charge.body).toEqual({ statusCode: 404, message: 'customer not found' });
  });

  it('a customer created inline by a charge belongs to the charging merchant only', async () => {
    const body = {
      amount: 10,
      currency: 'BRL',
      customer: { name: 'Tenant Test', email: 'tenant.test@example.com' },
      items: [{ type: 'digital' }],
      paymentMethod: rawCard(),
    };
    const created = await t.api('/v1/charges', { key: 'sk_test_sub', body });
    expect(created.status).toBe(201);
    const id = (created.body.customer as { id: string }).id;
    expect(await ids('?email=tenant.test@example.com', 'sk_test_sub')).toEqual([id]);
    expect(await ids('?email=tenant.test@example.com')).toEqual([]);
    // The same e-mail at Loja Exemplo is another customer.
    const other = await t.api('/v1/charges', { key: 'sk_test_sandbox', body });
    expect((other.body.customer as { id: string }).id).not.toBe(id);
  });

  it('concurrent charges for one new shopper create one customer (e-mail in any case)', async () => {
    const charges = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.api('/v1/charges', {
          key: 'sk_test_sandbox',
          body: {
            amount: 10,
            currency: 'BRL',
            customer: {
              name: 'Race',
              email: i % 2 ? 'Race.Test@example.com' : 'race.test@example.com',
            },
            items: [{ type: 'digital' }],
            paymentMethod: rawCard(),
          },
        }),
      ),
    );
    expect(charges.map((reply) => reply.status)).toEqual(Array(24).fill(201));
    const created = new Set(charges.map((reply) => (reply.body.customer as { id: string }).id));
    expect(created.size).toBe(1);
    expect(await ids('?email=race.test@example.com')).toEqual([...created]);
  });

  it('a refused charge (invalid item type) creates no customer', async () => {
    const reply = await t.api('/v1/charges', {
      key: 'sk_test_sandbox',
      body: {
        amount: 10,
        currency: 'BRL',
        customer: { name: 'Refused', email: 'refused@example.com' },
        items: [{ type: 'weapon' }],
        paymentMethod: rawCard(),
      },
    });
    expect(reply.status).toBe(422);
    expect(await ids('?email=refused@example.com')).toEqual([]);
  });
});
