// The reserved-name rule the registration form and the server share: every reserved name, its
// look-alikes and any name containing one refused; names that only resemble one accepted.
import { describe, expect, it } from 'vitest';
import { isReservedUserName, registerRequest, reservedUserNames } from './accounts.ts';

describe('reserved user names', () => {
  it('refuses each reserved name in any case, with separators, digits for letters and a number after it', () => {
    for (const name of reservedUserNames) {
      for (const variant of [
        name,
        name.toUpperCase(),
        `${name}1`,
        `${name}_01`,
        `${name.slice(0, 2)}-${name.slice(2)}`,
        `${name.slice(0, 3)}.${name.slice(3)}`,
      ]) {
        expect(isReservedUserName(variant), variant).toBe(true);
      }
    }
    for (const name of [
      'adm1n',
      'ADM1N',
      'supp0rt',
      '5ystem',
      'sy5t3m',
      'r00t',
      'ro0t7',
      'st4ff',
      '5taff',
      'serv1ce',
      'servic3',
      'p0rta1',
      'admln',
      'adrnin',
      'adm1n1strat0r',
      'po1nts_p0rtal',
      'ad_min',
      'sys-tem',
      'admin2024',
    ]) {
      expect(isReservedUserName(name), name).toBe(true);
    }
  });

  it('refuses a name that contains a reserved one anywhere, after digits and separators are taken out', () => {
    // What a hostile probe registered while only trailing digits were cut.
    const probed = [
      '1admin',
      'admins',
      'superadmin',
      'the_admin',
      'support_team',
      'official_support',
      'helpdesk',
      'customer_service',
      'kefu',
      'portal_admin',
      'moderator',
      'security',
      'official',
    ];
    const more = ['my_admin', 'a1dmin', 'x.admin.y', 'Help-Desk', 'mod3rator', 'kefu_01', '9kefu9', 'sec.urity', 'supporter', 'root_beer'];
    const accepted = [...probed, ...more].filter((name) => !isReservedUserName(name));
    expect(accepted).toEqual([]);
  });

  it('accepts the demo and test members and names that only resemble a reserved one', () => {
    for (const name of ['demo', 'alice', 'bob', 'carol', 'mortal', 'postal', 'sistern', 'newbie1', 'secure', 'modern', 'helper']) {
      expect(isReservedUserName(name), name).toBe(false);
    }
  });

  it('is a rule of the registration schema, so the form says it before anything is sent', () => {
    const result = registerRequest.safeParse({ userName: 'Adm1n_01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'userName')?.message).toBe('validation.userNameReserved');
  });
});
