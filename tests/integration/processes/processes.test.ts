import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { processEndpoints, type NodeDecl } from '@console/contract/http/processes';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const FIELDS = [
  { key: 'amount', label: 'Amount', type: 'money', required: true, help: '', options: [] },
  { key: 'kind', label: 'Kind', type: 'select', required: false, help: '', options: ['Pump', 'Forklift'] },
  { key: 'reason', label: 'Reason', type: 'textarea', required: true, help: '', options: [] },
] as const;

const node = (name: string, rest: Partial<NodeDecl>): NodeDecl => ({
  name,
  assigneeKind: 'orgAdmin',
  roleId: null,
  userIds: [],
  mode: 'any',
  conditionField: '',
  conditionOp: null,
  conditionValue: null,
  ccUserIds: [],
  ...rest,
});

describe('process management', () => {
  let t: TestApp;
  const maintainer = () => t.tokenFor(ROLE.processMaintainer);
  const as = (role: RoleId) => t.tokenFor(role);
  const operator = async () => (await t.call(processEndpoints.orgs, { token: await maintainer() })).data.list[0]!.id;

  /** A form and a model of the operator, designed with these nodes and deployed; answers the definition. */
  async function deployed(nodes: NodeDecl[], key = 'test-flow') {
    const orgId = await operator();
    const form = await t.call(processEndpoints.formCreate, {
      token: await maintainer(),
      body: {
        orgId,
        name: 'Test form',
        description: '',
        fields: FIELDS.map((f) => ({ ...f, options: [...f.options] })),
      },
    });
    expect(form.status, form.message).toBe('200');
    const model = await t.call(processEndpoints.modelCreate, {
      token: await maintainer(),
      body: { orgId, key, name: 'Test approval', category: 'finance', formId: form.data.id, description: '' },
    });
    expect(model.status, model.message).toBe('200');
    const design = await t.call(processEndpoints.modelDesign, {
      token: await maintainer(),
      body: { id: model.data.id, nodes },
    });
    expect(design.status, design.message).toBe('200');
    const deploy = await t.call(processEndpoints.modelDeploy, {
      token: await maintainer(),
      body: { id: model.data.id },
    });
    expect(deploy.status, deploy.message).toBe('200');
    return { modelId: model.data.id, formId: form.data.id, definitionId: deploy.data.id, version: deploy.data.version };
  }
  const start = async (definitionId: number, data: Record<string, unknown>, role: RoleId = ROLE.companyEmployee) =>
    t.call(processEndpoints.start, { token: await as(role), body: { definitionId, data } });
  const todoOf = async (role: RoleId, instanceId: number) =>
    (await t.call(processEndpoints.todo, { token: await as(role), query: { pageSize: 200 } })).data.list.filter(
      (task) => task.instanceId === instanceId,
    );
  const detail = async (role: RoleId, id: number) =>
    t.call(processEndpoints.instanceDetail, { token: await as(role), query: { id } });

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('shows the demo: models deployed and in draft, and processes in every state with tasks for the demo accounts', async () => {
    const models = (await t.call(processEndpoints.modelList, { token: await maintainer(), query: { pageSize: 100 } }))
      .data.list;
    expect(new Set(models.map((m) => m.state))).toEqual(new Set(['draft', 'deployed']));
    expect(models.map((m) => m.name)).toContain('设备采购审批');
    expect(models.map((m) => m.name)).toContain('Lease discount approval');
    const defs = (
      await t.call(processEndpoints.definitionList, { token: await maintainer(), query: { pageSize: 100 } })
    ).data.list;
    expect(new Set(defs.map((d) => d.state))).toEqual(new Set(['active', 'suspended']));
    const mine = (await t.call(processEndpoints.mine, { token: await as(ROLE.lessorSales), query: {} })).data.list;
    expect(new Set(mine.map((i) => i.state))).toEqual(new Set(['running', 'approved', 'rejected', 'withdrawn']));
    for (const role of [ROLE.finance, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff]) {
      expect(
        (await t.call(processEndpoints.todo, { token: await as(role), query: {} })).data.total,
        `role ${role}`,
      ).toBeGreaterThan(0);
    }
  });

  it('refuses a form template with repeated keys or a select without options, and keeps nothing', async () => {
    const orgId = await operator();
    const before = (await t.call(processEndpoints.formList, { token: await maintainer(), query: {} })).data.total;
    const bad = [
      [
        { key: 'a', label: 'A', type: 'text' },
        { key: 'a', label: 'B', type: 'number' },
      ],
      [{ key: 'k', label: 'Kind', type: 'select', options: [] }],
      [{ key: '1x', label: 'Bad key', type: 'text' }],
      [],
    ];
    const messages = [];
    for (const fields of bad) {
      const answer = await t.call(processEndpoints.formCreate, {
        token: await maintainer(),
        loose: { body: { orgId, name: 'Bad', fields } },
      });
      expect(answer.status).toBe('400');
      messages.push(answer.message);
    }
    expect(messages[0]).toContain('Each field key is used once in a form');
    expect(messages[1]).toContain('A select field needs at least one option');
    expect(messages[2]).toContain('A field key starts with a letter');
    expect(messages[3]).toContain('A form needs at least one field');
    expect((await t.call(processEndpoints.formList, { token: await maintainer(), query: {} })).data.total).toBe(before);
  });

  it('refuses a design whose condition tests a missing or text field, or names people outside the organisation', async () => {
    const { modelId } = await deployed([node('Manager', {})]);
    const outsider = await t.userId(ROLE.lessorAdmin);
    const cases: [NodeDecl, string][] = [
      [node('N', { conditionField: 'nothing', conditionOp: 'gte', conditionValue: 1 }), 'nodes.0.conditionField'],
      [node('N', { conditionField: 'reason', conditionOp: 'eq', conditionValue: 'x' }), 'nodes.0.conditionField'],
      [node('N', { conditionField: 'kind', conditionOp: 'gte', conditionValue: 'Pump' }), 'nodes.0.conditionValue'],
      [node('N', { conditionField: 'kind', conditionOp: 'eq', conditionValue: 'Boat' }), 'nodes.0.conditionValue'],
      [node('N', { assigneeKind: 'user', userIds: [outsider] }), 'nodes.0.userIds'],
      [node('N', { assigneeKind: 'user', userIds: [] }), 'nodes.0.userIds'],
      [node('N', { assigneeKind: 'role', roleId: null }), 'nodes.0.roleId'],
    ];
    for (const [bad, field] of cases) {
      const answer = await t.call(processEndpoints.modelDesign, {
        token: await maintainer(),
        body: { id: modelId, nodes: [bad] },
      });
      expect(answer.status, field).toBe('400');
      expect(answer.data.field).toBe(field);
    }
    const model = (await t.call(processEndpoints.modelDetail, { token: await maintainer(), query: { id: modelId } }))
      .data.model;
    expect(model.nodes.map((n) => n.name)).toEqual(['Manager']);
    expect(model.state).toBe('deployed');
  });

  it('freezes each deployment: a later design change makes a draft and a new version, running processes keep theirs', async () => {
    const first = await deployed([node('Manager', {})]);
    const running = await start(first.definitionId, { amount: 1000, reason: 'Tyres' });
    expect(running.status, running.message).toBe('200');
    const design = await t.call(processEndpoints.modelDesign, {
      token: await maintainer(),
      body: {
        id: first.modelId,
        nodes: [node('Manager', {}), node('Finance', { assigneeKind: 'role', roleId: ROLE.finance })],
      },
    });
    expect(design.status).toBe('200');
    let model = await t.call(processEndpoints.modelDetail, { token: await maintainer(), query: { id: first.modelId } });
    expect(model.data.model.state).toBe('draft');
    const second = await t.call(processEndpoints.modelDeploy, {
      token: await maintainer(),
      body: { id: first.modelId },
    });
    expect(second.data.version).toBe(2);
    model = await t.call(processEndpoints.modelDetail, { token: await maintainer(), query: { id: first.modelId } });
    expect(model.data.versions.map((v) => [v.version, v.latest])).toEqual([
      [2, true],
      [1, false],
    ]);
    const v1 = await t.call(processEndpoints.definitionDetail, {
      token: await maintainer(),
      query: { id: first.definitionId },
    });
    expect(v1.data.nodes.map((n) => n.name)).toEqual(['Manager']);
    // The old version starts nothing new; the running process still has one node.
    expect((await start(first.definitionId, { amount: 1, reason: 'x' })).message).toContain('Only the newest version');
    expect((await detail(ROLE.companyEmployee, running.data.id)).data.nodes).toHaveLength(1);
    // Deployed models are not deleted; their versions are suspended instead.
    expect(
      (await t.call(processEndpoints.modelDelete, { token: await maintainer(), body: { id: first.modelId } })).status,
    ).toBe('409');
    expect(
      (await t.call(processEndpoints.definitionSuspend, { token: await maintainer(), body: { id: second.data.id } }))
        .status,
    ).toBe('200');
    expect((await start(second.data.id, { amount: 1, reason: 'x' })).message).toContain('suspended');
    const startable = (await t.call(processEndpoints.startable, { token: await as(ROLE.companyEmployee) })).data.list;
    expect(startable.map((d) => d.id)).not.toContain(second.data.id);
  });

  it("validates the form's data against its declarations, naming the field", async () => {
    const { definitionId } = await deployed([node('Manager', {})]);
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'x' }, 'amount'],
      [{ amount: 12.5, reason: 'x' }, 'amount'],
      [{ amount: 100, reason: 'x', kind: 'Boat' }, 'kind'],
      [{ amount: 100 }, 'reason'],
    ];
    for (const [data, field] of cases) {
      const answer = await start(definitionId, data);
      expect(answer.status, field).toBe('400');
      expect(answer.data.field).toBe(field);
    }
    expect(
      (
        await t.call(processEndpoints.mine, {
          token: await as(ROLE.companyEmployee),
          query: { keyword: 'Test approval' },
        })
      ).data.total,
    ).toBe(0);
  });

  it('routes by condition: a small amount skips the node for large ones and is approved by the first', async () => {
    const { definitionId } = await deployed([
      node('Finance', { assigneeKind: 'role', roleId: ROLE.finance }),
      node('Director', { conditionField: 'amount', conditionOp: 'gte', conditionValue: 1_000_000 }),
    ]);
    const small = (await start(definitionId, { amount: 50_000, reason: 'Small' })).data.id;
    const large = (await start(definitionId, { amount: 2_000_000, reason: 'Large' })).data.id;
    for (const id of [small, large]) {
      const [task] = await todoOf(ROLE.finance, id);
      expect(
        (await t.call(processEndpoints.approve, { token: await as(ROLE.finance), body: { id: task!.id, comment: '' } }))
          .status,
      ).toBe('200');
    }
    const smallDetail = (await detail(ROLE.companyEmployee, small)).data;
    expect(smallDetail.instance.state).toBe('approved');
    expect(smallDetail.nodes.map((n) => n.status)).toEqual(['passed', 'skipped']);
    const largeDetail = (await detail(ROLE.companyEmployee, large)).data;
    expect(largeDetail.instance.state).toBe('running');
    expect(largeDetail.nodes.map((n) => n.status)).toEqual(['passed', 'current']);
    expect(await todoOf(ROLE.companyAdmin, large)).toHaveLength(1);
  });

  it('passes an "any" node with one approval and an "all" node only when everyone approved', async () => {
    const operatorFinance = await t.userId(ROLE.finance);
    const admin = await t.userId(ROLE.companyAdmin);
    const { definitionId } = await deployed([
      node('One of them', { assigneeKind: 'user', userIds: [operatorFinance, admin], mode: 'any' }),
      node('All of them', { assigneeKind: 'user', userIds: [operatorFinance, admin], mode: 'all' }),
    ]);
    const id = (await start(definitionId, { amount: 100, reason: 'Both modes' })).data.id;
    const approve = async (role: RoleId) => {
      const [task] = await todoOf(role, id);
      return t.call(processEndpoints.approve, { token: await as(role), body: { id: task!.id, comment: 'ok' } });
    };
    expect((await approve(ROLE.finance)).status).toBe('200');
    // The administrator's task of the first node was cancelled; the second node asks both.
    expect((await todoOf(ROLE.companyAdmin, id)).map((task) => task.nodeName)).toEqual(['All of them']);
    expect((await approve(ROLE.finance)).status).toBe('200');
    expect((await detail(ROLE.companyEmployee, id)).data.instance.state).toBe('running');
    expect((await approve(ROLE.companyAdmin)).status).toBe('200');
    expect((await detail(ROLE.companyEmployee, id)).data.instance.state).toBe('approved');
    const done = (
      await t.call(processEndpoints.done, { token: await as(ROLE.finance), query: { keyword: 'Test approval' } })
    ).data.list;
    expect(done.map((task) => task.state)).toEqual(['approved', 'approved']);
  });

  it('ends a process rejected at the first rejection, which needs a reason; a second decision is a conflict', async () => {
    const { definitionId } = await deployed([
      node('Finance', { assigneeKind: 'role', roleId: ROLE.finance }),
      node('Director', {}),
    ]);
    const id = (await start(definitionId, { amount: 100, reason: 'Reject me' })).data.id;
    const [task] = await todoOf(ROLE.finance, id);
    const noReason = await t.call(processEndpoints.reject, {
      token: await as(ROLE.finance),
      loose: { body: { id: task!.id } },
    });
    expect(noReason.status).toBe('400');
    const [a, b] = await Promise.all([
      t.call(processEndpoints.reject, {
        token: await as(ROLE.finance),
        body: { id: task!.id, comment: 'Over budget' },
      }),
      t.call(processEndpoints.approve, { token: await as(ROLE.finance), body: { id: task!.id, comment: '' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['200', '409']);
    expect([a, b].find((x) => x.status === '409')!.message).toContain('already been handled');
    const view = (await detail(ROLE.companyEmployee, id)).data;
    expect(view.instance.state).toBe(a.status === '200' ? 'rejected' : 'running');
    if (a.status === '200') {
      expect(view.nodes.map((n) => n.status)).toEqual(['rejected', 'stopped']);
      expect(view.events.map((e) => e.event)).toEqual(['start', 'reject']);
      expect(view.events[1]!.comment).toBe('Over budget');
      expect(await todoOf(ROLE.finance, id)).toHaveLength(0);
    }
  });

  it('lets the starter withdraw a running process, cancelling its tasks; nobody else, and not once ended', async () => {
    const { definitionId } = await deployed([node('Finance', { assigneeKind: 'role', roleId: ROLE.finance })]);
    const id = (await start(definitionId, { amount: 100, reason: 'Withdraw me' })).data.id;
    const other = await t.call(processEndpoints.withdraw, { token: await as(ROLE.finance), body: { id, comment: '' } });
    expect(other.status).toBe('404');
    const mine = await t.call(processEndpoints.withdraw, {
      token: await as(ROLE.companyEmployee),
      body: { id, comment: 'Typo' },
    });
    expect(mine.status).toBe('200');
    expect(await todoOf(ROLE.finance, id)).toHaveLength(0);
    const again = await t.call(processEndpoints.withdraw, {
      token: await as(ROLE.companyEmployee),
      body: { id, comment: '' },
    });
    expect(again.status).toBe('409');
    const list = (
      await t.call(processEndpoints.mine, { token: await as(ROLE.companyEmployee), query: { state: 'withdrawn' } })
    ).data.list;
    expect(list.find((i) => i.id === id)?.canWithdraw).toBe(false);
  });

  it('transfers a task to a colleague, who then decides; not to oneself nor outside the organisation', async () => {
    const { definitionId } = await deployed([
      node('Finance', { assigneeKind: 'user', userIds: [await t.userId(ROLE.finance)] }),
    ]);
    const id = (await start(definitionId, { amount: 100, reason: 'Transfer me' })).data.id;
    const [task] = await todoOf(ROLE.finance, id);
    const refusals = [await t.userId(ROLE.finance), await t.userId(ROLE.lessorAdmin)];
    for (const userId of refusals) {
      const answer = await t.call(processEndpoints.transfer, {
        token: await as(ROLE.finance),
        body: { id: task!.id, userId, comment: '' },
      });
      expect(answer.status).toBe('400');
      expect(answer.data.field).toBe('userId');
    }
    const moved = await t.call(processEndpoints.transfer, {
      token: await as(ROLE.finance),
      body: { id: task!.id, userId: await t.userId(ROLE.companyAdmin), comment: 'On leave' },
    });
    expect(moved.status).toBe('200');
    expect(await todoOf(ROLE.finance, id)).toHaveLength(0);
    const [handed] = await todoOf(ROLE.companyAdmin, id);
    expect(
      (
        await t.call(processEndpoints.approve, {
          token: await as(ROLE.companyAdmin),
          body: { id: handed!.id, comment: '' },
        })
      ).status,
    ).toBe('200');
    const view = (await detail(ROLE.finance, id)).data;
    expect(view.instance.state).toBe('approved');
    expect(view.events.map((e) => e.event)).toEqual(['start', 'transfer', 'approve', 'nodePassed', 'finish']);
  });

  it('keeps design to maintainers, processes to their organisation, and an instance to those involved', async () => {
    for (const role of [ROLE.companyEmployee, ROLE.finance, ROLE.lessorAdmin]) {
      expect(
        (await t.call(processEndpoints.modelList, { token: await as(role), query: {} })).status,
        `role ${role}`,
      ).toBe('403');
    }
    const { definitionId } = await deployed([node('Finance', { assigneeKind: 'role', roleId: ROLE.finance })]);
    // A rental company's people neither see nor start the operator's processes.
    expect((await start(definitionId, { amount: 100, reason: 'x' }, ROLE.lessorAdmin)).status).toBe('404');
    const lessorStartable = (await t.call(processEndpoints.startable, { token: await as(ROLE.lessorSales) })).data.list;
    expect(lessorStartable.map((d) => d.name).sort()).toEqual(['租赁折扣审批', '设备报废审批']);
    // The operator's staff read a rental company's definitions but start only their own organisation's.
    const lessorDef = lessorStartable[0]!;
    expect((await start(lessorDef.id, {}, ROLE.companyEmployee)).status).toBe('403');
    const id = (await start(definitionId, { amount: 100, reason: 'Private' })).data.id;
    expect((await detail(ROLE.finance, id)).status).toBe('200');
    expect((await detail(ROLE.companyAdmin, id)).status).toBe('200');
    expect((await detail(ROLE.processMaintainer, id)).status).toBe('404');
    expect((await detail(ROLE.lessorAdmin, id)).status).toBe('404');
    const [task] = await todoOf(ROLE.finance, id);
    expect(
      (
        await t.call(processEndpoints.approve, {
          token: await as(ROLE.companyAdmin),
          body: { id: task!.id, comment: '' },
        })
      ).status,
    ).toBe('404');
  });
  it('lets the people a passed node copies read the process, and keeps a form template in use from deletion', async () => {
    const maintainerId = await t.userId(ROLE.processMaintainer);
    const { definitionId, formId } = await deployed([
      node('Finance', { assigneeKind: 'role', roleId: ROLE.finance, ccUserIds: [maintainerId] }),
    ]);
    const id = (await start(definitionId, { amount: 100, reason: 'Copy me' })).data.id;
    expect((await detail(ROLE.processMaintainer, id)).status).toBe('404');
    const [task] = await todoOf(ROLE.finance, id);
    await t.call(processEndpoints.approve, { token: await as(ROLE.finance), body: { id: task!.id, comment: '' } });
    const copied = await detail(ROLE.processMaintainer, id);
    expect(copied.status).toBe('200');
    expect(copied.data.events.find((e) => e.event === 'cc')?.toName).toBeTruthy();
    const removal = await t.call(processEndpoints.formDelete, { token: await maintainer(), body: { id: formId } });
    expect(removal.status).toBe('409');
    expect(removal.message).toContain('A process model uses this form template');
  });
});
