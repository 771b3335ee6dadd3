/** Countries offered at registration: ISO 3166 code and dialling code. Names come from Intl. */
export const countryDialCodes: ReadonlyArray<readonly [string, string]> = [
  ['CN', '86'], ['HK', '852'], ['MO', '853'], ['TW', '886'], ['JP', '81'], ['KR', '82'], ['ID', '62'],
  ['MY', '60'], ['SG', '65'], ['TH', '66'], ['VN', '84'], ['PH', '63'], ['KH', '855'], ['LA', '856'],
  ['MM', '95'], ['IN', '91'], ['PK', '92'], ['BD', '880'], ['LK', '94'], ['NP', '977'], ['AE', '971'],
  ['SA', '966'], ['TR', '90'], ['RU', '7'], ['KZ', '7'], ['US', '1'], ['CA', '1'], ['MX', '52'],
  ['BR', '55'], ['AR', '54'], ['GB', '44'], ['DE', '49'], ['FR', '33'], ['IT', '39'], ['ES', '34'],
  ['NL', '31'], ['CH', '41'], ['SE', '46'], ['PL', '48'], ['UA', '380'], ['AU', '61'], ['NZ', '64'],
  ['ZA', '27'], ['NG', '234'], ['EG', '20'], ['KE', '254'],
];

const codes = new Set(countryDialCodes.map(([code]) => code));
export function isKnownCountry(code: string): boolean {
  return codes.has(code);
}
