import { Hono } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from './auth';
import { ApiError, spec } from './http-errors';
import { newId, nowIso } from './ids';
import { validate } from './validation';

/** The spec's Customer record. */
export interface Customer {
  id: string;
  gatewayId: string;
  name: string;
  email: string;
  documentId: string;
  documentType: string;
  phoneNumber: string;
  createdAt: string;
  updatedAt: string;
}

/** The spec's customer input of a charge, after validation. */
export interface CustomerInput {
  id?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  document?: { type: string; id: string } | undefined;
}

const SEED: ReadonlyArray<Omit<Customer, 'gatewayId' | 'createdAt' | 'updatedAt'>> = [
  {
    id: 'cus_sandbox_ana',
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    documentId: '52998224725',
    documentType: 'cpf',
    phoneNumber: '+5511987654321',
  },
  {
    id: 'cus_sandbox_john',
    name: 'John Smith',
    email: 'john.smith@example.com',
    documentId: '123456789',
    documentType: 'passport',
    phoneNumber: '+14155550100',
  },
  {
    id: 'cus_sandbox_lucia',
    name: 'Lucía Fernández',
    email: 'lucia.fernandez@example.com',
    documentId: 'FEGL900101MDFRRC09',
    documentType: 'curp',
    phoneNumber: '+525512345678',
  },
  {
    id: 'cus_sandbox_acme',
    name: 'Acme Comércio Ltda',
    email: 'finance@acme.example.com',
    documentId: '11222333000181',
    documentType: 'cnpj',
    phoneNumber: '+551130000000',
  },
];

const lower = (value: string) => value.trim().toLowerCase();

export class CustomerStore {
  private readonly byId = new Map<string, Customer>();

  constructor() {
    const at = nowIso();
    for (const seed of SEED) {
      this.byId.set(seed.id, { ...seed, gatewayId: newId('gw'), createdAt: at, updatedAt: at });
    }
  }

  get(id: string): Customer | undefined {
    return this.byId.get(id);
  }

  require(id: string): Customer {
    const customer = this.byId.get(id);
    if (customer === undefined) throw new ApiError(spec.customerNotFound());
    return customer;
  }

  all(): Customer[] {
    return [...this.byId.values()];
  }

  /** The spec: by `id` (used unchanged), else looked up by e-mail or phone, else created. */
  resolve(input: CustomerInput): Customer {
    if (input.id !== undefined) return this.require(input.id);
    const found = this.all().find(
      (customer) =>
        (input.email !== undefined && lower(customer.email) === lower(input.email)) ||
        (input.email === undefined &&
          input.phone !== undefined &&
          customer.phoneNumber === input.phone.trim()),
    );
    if (found !== undefined) return found;
    const at = nowIso();
    const customer: Customer = {
      id: newId('cus'),
      gatewayId: newId('gw'),
      name: input.name?.trim() ?? '',
      email: input.email?.trim() ?? '',
      documentId: input.document?.id ?? '',
      documentType: input.document?.type ?? '',
      phoneNumber: input.phone?.trim() ?? '',
      createdAt: at,
      updatedAt: at,
    };
    this.byId.set(customer.id, customer);
    return customer;
  }
}

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(1).max(max))
    .default(fallback);

/** Query parameters of `GET /v1/customers` (the spec gives their meaning, not their names). */
const customerQuery = z.object({
  search: z.string().optional(),
  email: z.string().optional(),
  document: z.string().optional(),
  page: positiveInt(1, 100_000),
  limit: positiveInt(10, 100),
});

/** The catalogue of `GET /v1/payment-methods`. */
export const PAYMENT_METHODS = [
  {
    id: 'pm_credit_card',
    name: 'credit_card',
    countries: ['BRA', 'MEX', 'COL', 'CHL', 'PER', 'USA'],
    currencies: ['BRL', 'MXN', 'COP', 'CLP', 'PEN', 'USD'],
    description: 'Credit card',
  },
  {
    id: 'pm_apple_pay',
    name: 'apple_pay',
    countries: ['BRA', 'MEX', 'USA'],
    currencies: ['BRL', 'MXN', 'USD'],
    description: 'Apple Pay',
  },
  {
    id: 'pm_pix',
    name: 'pix',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Pix',
  },
  {
    id: 'pm_boleto',
    name: 'boleto',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Boleto bancário',
  },
  {
    id: 'pm_oxxo',
    name: 'oxxo',
    countries: ['MEX'],
    currencies: ['MXN'],
    description: 'OXXO',
  },
] as const;

const paymentMethodQuery = z.object({
  merchantId: z.string().min(1).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code in capitals')
    .optional(),
});

/** GET /v1/customers, GET /v1/customers/{id}, GET /v1/payment-methods (secret key). */
export function customerRoutes(customers: CustomerStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey('secret');

  app.get('/v1/customers', secret, validate('query', customerQuery), (c) => {
    const { search, email, document, page, limit } = c.req.valid('query');
    const term = search === undefined ? '' : lower(search);
    const matches = customers
      .all()
      .filter((customer) => email === undefined || lower(customer.email) === lower(email))
      .filter((customer) => document === undefined || customer.documentId === document.trim())
      .filter(
        (customer) =>
          term === '' ||
          [customer.name, customer.email, customer.documentId, customer.phoneNumber].some((field) =>
            lower(field).includes(term),
          ),
      );
    const total = matches.length;
    return c.json({
      data: matches.slice((page - 1) * limit, page * limit),
      meta: { total, page, limit, totalPages: Math.ceil(total / limit) },
    });
  });

  app.get('/v1/customers/:id', secret, (c) => c.json(customers.require(c.req.param('id'))));

  app.get('/v1/payment-methods', secret, validate('query', paymentMethodQuery), (c) => {
    const { merchantId, currency } = c.req.valid('query');
    const apiKey = c.get('apiKey');
    const list =
      merchantId !== undefined && merchantId !== apiKey.merchantId
        ? []
        : PAYMENT_METHODS.filter(
            (method) =>
              currency === undefined || (method.currencies as readonly string[]).includes(currency),
          );
    return c.json(list);
  });

  return app;
}
