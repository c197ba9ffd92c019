// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';

const t = useSandbox();
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

let serial = 0;
/** A new customer in Brazil (a fresh e-mail, so each request creates its own record). */
const brazilian = (document: unknown, country = 'BRA') => ({
  name: 'Cliente Teste',
  email: `cliente.${++serial}.${Date.now()}@example.com.br`,
  document,
  address: { country },
});

const create = (customer: unknown) =>
  t.secret('/v1/charges', { body: charge({ customer, postbackUrl: receiver.url }) });

const customersWithEmail = async (email: string) =>
  (
    (await t.secret(`/v1/customers?email=${encodeURIComponent(email)}`)).body.meta as {
      total: number;
    }
  ).total;

describe('POST /v1/charges: customer.document in Brazil', () => {
  it.each([
    [{ type: 'cpf', id: '529.982.247-25' }, 'cpf', '52998224725'],
    [{ type: 'cpf', id: '52998224725' }, 'cpf', '52998224725'],
    [{ type: 'CPF', id: '111 444 777 35' }, 'cpf', '11144477735'],
    [{ type: 'cnpj', id: '11.222.333/0001-81' }, 'cnpj', '11222333000181'],
    [{ type: 'cnpj', id: '12.ABC.345/01DE-35' }, 'cnpj', '12ABC34501DE35'],
    [{ type: 'cnpj', id: '12.abc.345/01de-35' }, 'cnpj', '12ABC34501DE35'],
  ])('201 with %o, stored as %s %s', async (document, documentType, documentId) => {
    const reply = await create(brazilian(document));
    expect(reply.status).toBe(201);
    expect(reply.body.customer).toMatchObject({ documentType, documentId });
  });

  it.each([
    [
      { type: 'cpf', id: '529.982.247-24' },
      'customer.document.id is not a valid CPF: its check digits do not match',
    ],
    [
      { type: 'cpf', id: '111.111.111-11' },
      'customer.document.id is not a valid CPF: all its digits are the same',
    ],
    [
      { type: 'cpf', id: '5299822472' },
      'customer.document.id is not a valid CPF: a CPF has 11 digits',
    ],
    [
      { type: 'cnpj', id: '11.222.333/0001-82' },
      'customer.document.id is not a valid CNPJ: its check digits do not match',
    ],
    [
      { type: 'cnpj', id: '12.ABC.345/01DE-36' },
      'customer.document.id is not a valid CNPJ: its check digits do not match',
    ],
    [
      { type: 'cnpj', id: '529.982.247-25' },
      'customer.document.id is not a valid CNPJ: a CNPJ has 12 letters or digits followed by 2 check digits',
    ],
    [
      { type: 'passport', id: '123456789' },
      'customer.document.type must be "cpf" or "cnpj" for a customer in Brazil (address.country BRA)',
    ],
    [{ type: 'cpf', id: ' ' }, 'customer.document.id must not be empty'],
  ])('400 with %o, creating nothing', async (document, message) => {
    const customer = brazilian(document);
    const reply = await create(customer);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    expect(await customersWithEmail(customer.email)).toBe(0);
  });

  it('a refused charge sends no event: the next accepted one is all the receiver gets', async () => {
    receiver.reset();
    expect((await create(brazilian({ type: 'cpf', id: '52998224726' }))).status).toBe(400);
    const accepted = await create(brazilian({ type: 'cpf', id: '52998224725' }));
    const id = (accepted.body as { id: string }).id;
    expect((await receiver.eventsOf(id, 2)).map((event) => event.event)).toEqual([
      'charge.created',
      'charge.paid',
    ]);
    expect(receiver.received.map((delivery) => delivery.body.data.id)).toEqual([id, id]);
  });

  it('checks a CPF or CNPJ whatever the country; other countries keep their own types', async () => {
    const cpfInMexico = await create(brazilian({ type: 'cpf', id: '52998224724' }, 'MEX'));
    expect(cpfInMexico.body.message).toBe(
      'customer.document.id is not a valid CPF: its check digits do not match',
    );
    const cnpjWithoutAddress = brazilian({ type: 'cnpj', id: '11222333000182' });
    const { address: _, ...withoutAddress } = cnpjWithoutAddress;
    expect((await create(withoutAddress)).body.message).toBe(
      'customer.document.id is not a valid CNPJ: its check digits do not match',
    );
    const curp = await create(brazilian({ type: 'curp', id: 'FEGL900101MDFRRC09' }, 'MEX'));
    expect(curp.status).toBe(201);
    expect(curp.body.customer).toMatchObject({
      documentType: 'curp',
      documentId: 'FEGL900101MDFRRC09',
    });
  });

  it('checks the document even beside an existing customer id', async () => {
    const reply = await create({
      id: 'cus_sandbox_ana',
      document: { type: 'cpf', id: '00000000000' },
      address: { country: 'BRA' },
    });
    expect(reply.body.message).toBe(
      'customer.document.id is not a valid CPF: all its digits are the same',
    );
  });

  it("the demo shop passes a guest's invalid CPF to the API and its 400 back", async () => {
    const email = `guest.${Date.now()}@example.com.br`;
    const reply = await t.demo('/merchant/charges', {
      body: {
        cart: [{ sku: 'brewing-guide', quantity: 1 }],
        customer: { name: 'Bia Lima', email, document: { type: 'cpf', id: '529.982.247-52' } },
        paymentMethod: {
          type: 'credit_card',
          number: '4111111111111111',
          holderName: 'Bia Lima',
          expirationMonth: '12',
          expirationYear: '2030',
          cvv: '123',
          installments: 1,
        },
      },
    });
    expect([reply.status, reply.body.message]).toEqual([
      400,
      'customer.document.id is not a valid CPF: its check digits do not match',
    ]);
    expect(await customersWithEmail(email)).toBe(0);
  });
});
