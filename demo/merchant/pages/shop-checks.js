// The merchant form's own checks of every field it shows, in the page's order, so one submit
// shows every error. The engine checks the card too (src/api/request-schema.ts), but only once it
// is called, which the page does only when its own checks pass: these are the engine's card
// rules, and its `invalid_input` is a backstop.
/** @import { CardInput, InputIssue } from '../../../src/index' */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/** Luhn (mod 10) over a string of digits, as src/api/card-rules.ts checks it. @param {string} digits */
function passesLuhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 12 to 19 digits (spaces allowed between them) that pass the Luhn check. @param {string} number */
const isCardNumber = (number) => {
  const digits = number.replace(/\s+/g, '');
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
};

/**
 * A card is valid through the last day of its expiry month.
 * @param {string} month
 * @param {string} year
 * @param {Date} now
 */
const isExpired = (month, year, now) =>
  Number(year) * 12 + Number(month) - 1 < now.getFullYear() * 12 + now.getMonth();

/**
 * Every field's issue at once, as `{ path, message }` with the paths of the engine's
 * `invalid_input` issues (plus `email` and `cvc`, which the engine never sees).
 * @param {{ card: CardInput, cvv: string, email: string }} values
 */
export function localIssues({ card, cvv, email }, now = new Date()) {
  /** @type {InputIssue[]} */
  const issues = [];
  /** @param {string} path @param {string} message */
  const add = (path, message) => issues.push({ path, message });
  if (!EMAIL.test(email)) add('email', 'email');
  if (!isCardNumber(card.number)) add('card.number', 'card number');
  if (card.holderName.trim() === '') add('card.holderName', 'holder name');
  const { expirationMonth: month, expirationYear: year } = card;
  if (!MONTH.test(month) || !YEAR.test(year)) add('card.expirationMonth', 'expiry');
  else if (isExpired(month, year, now)) add('card.expirationYear', 'is past: the card has expired');
  if (!/^\d{3,4}$/.test(cvv)) add('cvc', 'security code');
  return issues;
}
