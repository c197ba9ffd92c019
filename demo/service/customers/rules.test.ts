import { describe, expect, it } from 'vitest';
import { identify } from './rules';

/** Which customer an input is for, without a database. */

describe('identify', () => {
  it('an id is used unchanged: the other fields are ignored', () => {
    expect(identify({ id: 'cus_1', email: 'a@b.com', name: 'Ana' })).toEqual({
      by: 'id',
      id: 'cus_1',
    });
  });

  it('else the e-mail, trimmed, matched in lower case and kept as given for a new customer', () => {
    const found = identify({ name: ' Ana ', email: ' Ana@Example.com ', phone: '+55 11' });
    expect(found).toEqual({
      by: 'email',
      match: 'ana@example.com',
      created: {
        name: 'Ana',
        email: 'Ana@Example.com',
        documentId: '',
        documentType: '',
        phoneNumber: '+55 11',
      },
    });
  });

  it('else the phone, trimmed', () => {
    const found = identify({
      phone: ' 5511999990000 ',
      document: { type: 'cpf', id: '52998224725' },
    });
    expect(found).toMatchObject({
      by: 'phone',
      match: '5511999990000',
      created: { email: '', documentId: '52998224725', documentType: 'cpf', name: '' },
    });
  });

  it('else nothing: a match no customer has, so a new customer each time', () => {
    expect(identify({ name: 'Ana' })).toEqual({
      by: 'none',
      match: '',
      created: { name: 'Ana', email: '', documentId: '', documentType: '', phoneNumber: '' },
    });
  });
});
