import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { legacyInputHash } from './049-adjustment-keys-to-request-log.ts';

/**
 * The members' package and scarce-goods writes were keyed by their own table, `package_requests`
 * (member, request id, the action, a hash of the body, the id of what was made); they are keyed by
 * the request log now (db/once.ts). Each earlier key moves there under the endpoint's name with the
 * answer the endpoint gave, so a retry of a request sent before the upgrade is still answered with
 * its first result instead of buying twice. The old hash covered the action and the body in
 * another form than the log's input hash, so every row is marked legacy: it answers any input
 * under its key. Then `package_requests` goes: nothing reads it any more.
 *
 * What each old action answered:
 * - buy, upgrade, add, fill, redeem, transfer: `{ holdingId }`, the id kept as the result;
 * - codeBuy: the code, read when answered; its key answers the code's id (`{ id }`), as now;
 * - codeActivate: `{ holdingId }`. The activation-code endpoint and the two purchase-code endpoints
 *   (activate for oneself, give to another) shared the action, so the key is carried to each
 *   endpoint that could have sent it: the activation-code one always, the purchase-code one when
 *   the code came from a rush and was bought by the sender (for the sender: activate; for
 *   another: give);
 * - claim: `{ id }`; equityBuy: `{ recordId }`;
 * - sale:<sale id>: `{ purchaseId, codeId, holdingId }` of the purchase, under the endpoint of the
 *   sale's kind (a rush's code or a flash sale's holding).
 */
export function productKeysToRequestLog(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const carry = (select: RawBuilder<unknown>) =>
        sql`insert into request_log (scope, actor, request_id, input_hash, result_json, created_at)
          ${select}
          on conflict (scope, actor, request_id) do nothing`.execute(db);
      await carry(sql`select case r.action
            when 'buy' then 'buyMatching'
            when 'upgrade' then 'upgradeMatching'
            when 'add' then 'addWarehouse'
            when 'fill' then 'fillingPositions'
            when 'redeem' then 'redeem'
            else 'internalTransfer' end,
          r.member_id, r.request_id, ${legacyInputHash}, '{"holdingId":"' || r.result_id || '"}', r.created_at
        from package_requests r
        where r.action in ('buy', 'upgrade', 'add', 'fill', 'redeem', 'transfer')`);
      await carry(sql`select 'activationCodeBuy', r.member_id, r.request_id, ${legacyInputHash}, '{"id":"' || r.result_id || '"}', r.created_at
        from package_requests r where r.action = 'codeBuy'`);
      await carry(sql`select 'claimCreate', r.member_id, r.request_id, ${legacyInputHash}, '{"id":"' || r.result_id || '"}', r.created_at
        from package_requests r where r.action = 'claim'`);
      await carry(sql`select 'buyEquity', r.member_id, r.request_id, ${legacyInputHash}, '{"recordId":"' || r.result_id || '"}', r.created_at
        from package_requests r where r.action = 'equityBuy'`);
      await carry(sql`select 'activationCodeActivate', r.member_id, r.request_id, ${legacyInputHash}, '{"holdingId":"' || r.result_id || '"}', r.created_at
        from package_requests r where r.action = 'codeActivate'`);
      await carry(sql`select case when c.activation_member_id = r.member_id then 'activatePurchaseCode' else 'givePurchaseCode' end,
          r.member_id, r.request_id, ${legacyInputHash}, '{"holdingId":"' || r.result_id || '"}', r.created_at
        from package_requests r
        join package_activation_codes c on c.holding_id = r.result_id
        where r.action = 'codeActivate' and c.sale_id is not null and c.buyer_id = r.member_id`);
      await carry(sql`select case s.kind when 'code' then 'buyPurchaseCode' else 'flashSaleBuy' end,
          r.member_id, r.request_id, ${legacyInputHash},
          '{"purchaseId":"' || p.id || '","codeId":' || coalesce('"' || p.code_id || '"', 'null')
            || ',"holdingId":' || coalesce('"' || p.holding_id || '"', 'null') || '}',
          r.created_at
        from package_requests r
        join scarce_purchases p on p.id = r.result_id
        join scarce_sales s on s.id = p.sale_id
        where r.action like 'sale:%'`);
      await db.schema.dropTable('package_requests').execute();
    },
  };
}
