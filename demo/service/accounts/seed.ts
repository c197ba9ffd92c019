import type { Insertable } from 'kysely';
import { seededKsuid } from '../kernel/db/ksuid';
import type { Capability, MerchantKind, MerchantStatus, MerchantsTable } from '../kernel/db/schema';
import type { NewBalanceEntry } from '../wallets/ledger';
import { chargeSettlesAt } from '../wallets/rules';

/**
 * The seeded accounts. Ids are KSUIDs derived from a name and the creation time, so they are
 * the same on every machine and tests and docs can name them. Password of every login: `sandbox`.
 */

export const SEED_PASSWORD = 'sandbox';

interface SeedMerchant {
  slug: string;
  kind: MerchantKind;
  parent?: string;
  status: MerchantStatus;
  capabilities?: Capability[];
  legalName: string;
  tradeName: string;
  companyTaxId: string;
  email: string;
  website: string;
  productType: string;
  productDescription: string;
  softDescriptor?: string;
  revenue: number;
  orderValue: number;
  /** Operating currency (default BRL). */
  currency?: string;
  createdAt: string;
  /** Status dates: approved, rejected, blocked, inactivated. */
  dates?: Partial<Record<'approved' | 'rejected' | 'blocked' | 'inactivated', string>>;
  keys?: string[];
  login?: string;
  /** Opening wallet in BRL, cents (nothing reserved: the seed's pending payouts add that). */
  balance?: { available: number; pending: number };
}

const MERCHANTS: readonly SeedMerchant[] = [
  {
    slug: 'loja-exemplo',
    kind: 'master',
    status: 'active',
    capabilities: ['enable_connect'],
    legalName: 'Loja Exemplo Comércio Eletrônico Ltda',
    tradeName: 'Loja Exemplo',
    companyTaxId: '12345678000195',
    email: 'merchant@sandbox.test',
    website: 'https://loja-exemplo.example',
    productType: 'marketplace',
    productDescription: 'Marketplace de artigos para casa',
    softDescriptor: 'LOJAEXEMPLO',
    revenue: 250_000_00,
    orderValue: 180_00,
    createdAt: '2024-03-04T12:00:00.000Z',
    dates: { approved: '2024-03-06T15:30:00.000Z' },
    keys: ['pk_test_sandbox', 'sk_test_sandbox'],
    login: 'merchant@sandbox.test',
    balance: { available: 5_432_10, pending: 1_250_00 },
  },
  {
    slug: 'outra-loja',
    kind: 'master',
    status: 'active',
    legalName: 'Outra Loja de Variedades S.A.',
    tradeName: 'Outra Loja',
    companyTaxId: '23456789000195',
    email: 'noconnect@sandbox.test',
    website: 'https://outra-loja.example',
    productType: 'retail',
    productDescription: 'Variedades e utilidades',
    revenue: 90_000_00,
    orderValue: 75_50,
    createdAt: '2024-07-19T09:15:00.000Z',
    dates: { approved: '2024-07-22T10:00:00.000Z' },
    keys: ['pk_test_noconnect', 'sk_test_noconnect'],
    login: 'noconnect@sandbox.test',
  },
  {
    slug: 'sub-ativa',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'active',
    legalName: 'Sub Ativa Artesanato Ltda',
    tradeName: 'Sub Ativa',
    companyTaxId: '34567890000130',
    email: 'sub@sandbox.test',
    website: 'https://sub-ativa.example',
    productType: 'handcraft',
    productDescription: 'Cerâmica artesanal',
    softDescriptor: 'SUBATIVA',
    revenue: 32_000_00,
    orderValue: 95_00,
    createdAt: '2025-01-10T14:00:00.000Z',
    dates: { approved: '2025-01-13T11:20:00.000Z' },
    keys: ['pk_test_sub', 'sk_test_sub'],
    login: 'sub@sandbox.test',
    balance: { available: 1_000_00, pending: 250_00 },
  },
  {
    slug: 'sub-inativa',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'inactive',
    legalName: 'Sub Inativa Livros Ltda',
    tradeName: 'Sub Inativa',
    companyTaxId: '45678901000175',
    email: 'inactive@sandbox.test',
    website: 'https://sub-inativa.example',
    productType: 'books',
    productDescription: 'Livros usados',
    revenue: 8_000_00,
    orderValue: 42_90,
    createdAt: '2025-02-21T08:45:00.000Z',
    dates: { approved: '2025-02-24T09:00:00.000Z', inactivated: '2025-09-30T18:00:00.000Z' },
    keys: ['pk_test_inactive', 'sk_test_inactive'],
    login: 'inactive@sandbox.test',
  },
  {
    slug: 'sub-pendente',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'pending',
    legalName: 'Sub Pendente Moda Ltda',
    tradeName: 'Sub Pendente',
    companyTaxId: '56789012000100',
    email: 'pendente@sub.example',
    website: 'https://sub-pendente.example',
    productType: 'fashion',
    productDescription: 'Roupas e acessórios',
    revenue: 15_000_00,
    orderValue: 120_00,
    createdAt: '2025-11-03T16:10:00.000Z',
  },
  {
    slug: 'sub-recusada',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'rejected',
    legalName: 'Sub Recusada Eletrônicos ME',
    tradeName: 'Sub Recusada',
    companyTaxId: '67890123000116',
    email: 'recusada@sub.example',
    website: 'https://sub-recusada.example',
    productType: 'electronics',
    productDescription: 'Eletrônicos importados',
    revenue: 60_000_00,
    orderValue: 640_00,
    createdAt: '2025-05-27T10:30:00.000Z',
    dates: { rejected: '2025-06-02T13:00:00.000Z' },
  },
  {
    slug: 'sub-bloqueada',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'blocked',
    legalName: 'Sub Bloqueada Suplementos Ltda',
    tradeName: 'Sub Bloqueada',
    companyTaxId: '78901234000105',
    email: 'bloqueada@sub.example',
    website: 'https://sub-bloqueada.example',
    productType: 'health',
    productDescription: 'Suplementos alimentares',
    revenue: 22_500_00,
    orderValue: 89_90,
    createdAt: '2024-11-15T19:05:00.000Z',
    dates: { approved: '2024-11-18T12:00:00.000Z', blocked: '2025-08-08T07:40:00.000Z' },
  },
  {
    slug: 'sub-da-outra',
    kind: 'sub',
    parent: 'outra-loja',
    status: 'active',
    legalName: 'Sub da Outra Papelaria Ltda',
    tradeName: 'Sub da Outra',
    companyTaxId: '89012345000179',
    email: 'other-sub@sandbox.test',
    website: 'https://sub-da-outra.example',
    productType: 'stationery',
    productDescription: 'Papelaria e escritório',
    revenue: 12_000_00,
    orderValue: 35_00,
    createdAt: '2025-04-02T11:11:00.000Z',
    dates: { approved: '2025-04-04T10:00:00.000Z' },
    keys: ['sk_test_other_sub'],
    login: 'other-sub@sandbox.test',
    balance: { available: 310_75, pending: 0 },
  },
  // Sub-merchants of Loja Exemplo without keys or logins, so the sub-merchant list's pages,
  // filters and orderings all have something to show.
  {
    slug: 'sub-exporta',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'active',
    legalName: 'Exporta Brasil Comércio Exterior Ltda',
    tradeName: 'Sub Exporta',
    companyTaxId: '90123456000131',
    email: 'exporta@sub.example',
    website: 'https://sub-exporta.example',
    productType: 'export',
    productDescription: 'Artesanato para o exterior',
    softDescriptor: 'EXPORTA',
    revenue: 48_000_00,
    orderValue: 210_00,
    currency: 'USD',
    createdAt: '2025-07-15T13:25:00.000Z',
    dates: { approved: '2025-07-17T09:45:00.000Z' },
  },
  {
    slug: 'sub-cafe',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'active',
    legalName: 'Café do Sul Torrefação Ltda',
    tradeName: 'Sub Café',
    companyTaxId: '01234567000195',
    email: 'cafe@sub.example',
    website: 'https://sub-cafe.example',
    productType: 'food',
    productDescription: 'Cafés especiais torrados',
    softDescriptor: 'CAFEDOSUL',
    revenue: 27_300_00,
    orderValue: 64_90,
    createdAt: '2025-03-18T17:40:00.000Z',
    dates: { approved: '2025-03-20T08:15:00.000Z' },
  },
  {
    slug: 'sub-jardim',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'pending',
    legalName: 'Jardim Verde Paisagismo ME',
    tradeName: 'Sub Jardim',
    companyTaxId: '11223344000186',
    email: 'jardim@sub.example',
    website: 'https://sub-jardim.example',
    productType: 'garden',
    productDescription: 'Plantas e paisagismo',
    revenue: 5_400_00,
    orderValue: 150_00,
    createdAt: '2026-01-08T12:05:00.000Z',
  },
  {
    slug: 'sub-pet',
    kind: 'sub',
    parent: 'loja-exemplo',
    status: 'inactive',
    legalName: 'Pet Feliz Produtos para Animais Ltda',
    tradeName: 'Sub Pet',
    companyTaxId: '22334455000186',
    email: 'pet@sub.example',
    website: 'https://sub-pet.example',
    productType: 'pets',
    productDescription: 'Rações e acessórios para pets',
    revenue: 18_750_00,
    orderValue: 79_90,
    createdAt: '2024-09-09T10:00:00.000Z',
    dates: { approved: '2024-09-11T16:30:00.000Z', inactivated: '2026-02-14T12:00:00.000Z' },
  },
];

const idOf = (slug: string): string => {
  const merchant = MERCHANTS.find((m) => m.slug === slug);
  if (merchant === undefined) throw new Error(`no seeded merchant ${slug}`);
  return seededKsuid(slug, new Date(merchant.createdAt));
};

/** The seeded merchants' ids by role in the docs and tests. */
export const SEED_MERCHANT_IDS = {
  lojaExemplo: idOf('loja-exemplo'),
  outraLoja: idOf('outra-loja'),
  subAtiva: idOf('sub-ativa'),
  subInativa: idOf('sub-inativa'),
  subPendente: idOf('sub-pendente'),
  subRecusada: idOf('sub-recusada'),
  subBloqueada: idOf('sub-bloqueada'),
  subDaOutra: idOf('sub-da-outra'),
  subExporta: idOf('sub-exporta'),
  subCafe: idOf('sub-cafe'),
  subJardim: idOf('sub-jardim'),
  subPet: idOf('sub-pet'),
} as const;

export const ADMIN_EMAIL = 'admin@sandbox.test';

export const seedMerchantRows = (): Insertable<MerchantsTable>[] =>
  MERCHANTS.map((m) => {
    const lastChange = [m.createdAt, ...Object.values(m.dates ?? {})].sort().at(-1) as string;
    return {
      id: idOf(m.slug),
      kind: m.kind,
      parent_id: m.parent === undefined ? null : idOf(m.parent),
      status: m.status,
      capabilities: JSON.stringify(m.capabilities ?? []),
      legal_name: m.legalName,
      trade_name: m.tradeName,
      company_tax_id: m.companyTaxId,
      contact_email: m.email,
      website: m.website,
      product_type: m.productType,
      product_description: m.productDescription,
      soft_descriptor: m.softDescriptor ?? null,
      currency: m.currency ?? 'BRL',
      average_monthly_revenue_cents: m.revenue,
      average_order_value_cents: m.orderValue,
      gateway_id: `gw_${m.slug.replace(/-/g, '_')}`,
      created_at: m.createdAt,
      updated_at: lastChange,
      approved_at: m.dates?.approved ?? null,
      rejected_at: m.dates?.rejected ?? null,
      blocked_at: m.dates?.blocked ?? null,
      inactivated_at: m.dates?.inactivated ?? null,
    };
  });

export const seedKeys = () =>
  MERCHANTS.flatMap((m) => (m.keys ?? []).map((key) => ({ key, merchantId: idOf(m.slug) })));

export const seedLogins = () => [
  ...MERCHANTS.flatMap((m) =>
    m.login === undefined ? [] : [{ email: m.login, merchantId: idOf(m.slug) as string | null }],
  ),
  { email: ADMIN_EMAIL, merchantId: null },
];

/**
 * The seeded wallets as opening ledger entries (`wallets/ledger.ts`): what is available settled
 * long ago; what is pending settles 2 days after the seed on the merchant's clock.
 */
export const seedBalanceEntries = (seededAt: Date): NewBalanceEntry[] =>
  MERCHANTS.flatMap((m) => {
    if (m.balance === undefined) return [];
    const base = { merchantId: idOf(m.slug), currency: 'BRL', kind: 'opening' as const };
    const entries: NewBalanceEntry[] = [
      { ...base, amountCents: m.balance.available, settlesAt: new Date(0) },
    ];
    if (m.balance.pending !== 0) {
      entries.push({
        ...base,
        amountCents: m.balance.pending,
        settlesAt: chargeSettlesAt(seededAt),
      });
    }
    return entries;
  });
