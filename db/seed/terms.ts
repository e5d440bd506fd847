import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { contractEvents, contracts } from '../schema/lease.ts';
import { contractTerms, termsVersions } from '../schema/terms.ts';
import { BUSINESSES } from './business.ts';

/** The seeded terms, in each business's language (docs/decisions/078-contract-terms.md). */
const TERMS = {
  zh: {
    title: '设备租赁通用条款',
    body: [
      '第一条 租赁物：出租方按本合同所列机械及数量交付承租方使用，交付时双方签署进场单，确认机械状况、工时表读数及随机附件。',
      '第二条 使用与保管：承租方应按操作规程由持证人员使用机械，不得转租、抵押或擅自改装；租赁期内机械的保管责任由承租方承担。',
      '第三条 租金与押金：租金按合同约定的经营模式计算，每月出账，承租方应在出账后约定天数内付清；押金在合同结束、机械退场验收后结算。',
      '第四条 维修保养：正常损耗的维修与定期保养由出租方负责；因承租方使用不当造成的损坏，维修费用由承租方承担。',
      '第五条 逾期与锁机：租金逾期未付的，出租方可按通知停止机械运行，直至欠款结清。',
      '第六条 争议解决：因本合同发生的争议，双方协商解决；协商不成的，向出租方所在地人民法院提起诉讼。',
    ].join('\n'),
  },
  en: {
    title: 'General Terms of Equipment Hire',
    body: [
      '1. Equipment. The lessor supplies the machines and quantities listed in this contract; at each delivery both parties sign a delivery note recording the condition, hour meter and accessories.',
      '2. Use and care. The lessee operates the machines by licensed operators under the manufacturer’s instructions, and does not sub-hire, pledge or modify them; the lessee is responsible for their care during the hire.',
      '3. Rent and deposit. Rent accrues under the business model agreed, is billed monthly and is due within the days agreed; the deposit is settled once the contract ends and the machines are returned and inspected.',
      '4. Maintenance. The lessor bears fair wear and tear and scheduled servicing; damage from misuse is charged to the lessee.',
      '5. Overdue rent. When rent is overdue the lessor may, after notice, stop the machines until the arrears are paid.',
      '6. Disputes. Disputes are first negotiated in good faith, then brought before the courts of the lessor’s place of business.',
    ].join('\n'),
  },
} as const;

/**
 * Each demo lessor keeps its terms in its brand's language: version 1, published by its administrator (or its staff) before the first
 * contract it sent; every contract of that language it sent for signature carries it (as startSigning fixes it).
 */
export async function seedTerms(db: Db, now: number): Promise<void> {
  const lessors = await db
    .select()
    .from(organisations)
    .where(eq(organisations.kind, 'lessor'))
    .orderBy(organisations.id)
    .all();
  for (const lessor of lessors) {
    const business = BUSINESSES.find((b) => b.lessor === lessor.name);
    if (!business) continue;
    const admin = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, lessor.id), inArray(users.roleId, [5, 10])))
      // Its administrator; a company seeded without one (Pearl River), its administrative staff.
      .orderBy(users.roleId, users.id)
      .get();
    if (!admin) continue;
    const sent = await db
      .select({ id: contracts.id, updatedAt: contracts.updatedAt })
      .from(contracts)
      .where(
        and(
          eq(contracts.lessorOrgId, lessor.id),
          eq(contracts.lang, business.lang),
          inArray(contracts.status, [5, 6, 7, 8, 9]),
        ),
      )
      .all();
    // Each contract carries the version from the day it was sent for signature (its last startSigning).
    const sentAt = new Map<number, Date>();
    for (const c of sent) {
      const event = await db
        .select({ at: contractEvents.at })
        .from(contractEvents)
        .where(and(eq(contractEvents.contractId, c.id), eq(contractEvents.action, 'startSigning')))
        .orderBy(desc(contractEvents.id))
        .get();
      sentAt.set(c.id, event?.at ?? c.updatedAt);
    }
    // Published before the first of them was sent.
    const first = Math.min(now - 365 * 86_400_000, ...[...sentAt.values()].map((d) => d.getTime() - 86_400_000));
    const at = new Date(first);
    const text = TERMS[business.lang];
    const version = await db
      .insert(termsVersions)
      .values({
        orgId: lessor.id,
        lang: business.lang === 'en' ? 'en-US' : 'zh-CN',
        version: 1,
        state: 'published',
        title: text.title,
        body: text.body,
        createdBy: admin.id,
        createdAt: at,
        updatedAt: at,
        publishedBy: admin.id,
        publishedAt: at,
      })
      .returning({ id: termsVersions.id })
      .get();
    for (const c of sent) {
      await db
        .insert(contractTerms)
        .values({ contractId: c.id, versionId: version.id, fixedAt: sentAt.get(c.id)!, fixedBy: admin.id })
        .run();
    }
  }
}
