import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import type { Db } from '../client.ts';
import { faultCases } from '../schema/cases.ts';
import type { DemoOrganisations } from './accounts.ts';

type CaseSeed = [title: string, types: string[], symptom: string, cause: string, solution: string, parts: string];

/** Two cases per machine kind: one written in Chinese, one in English, as a mixed team writes them. */
const CASES: Record<MachineKind, CaseSeed[]> = {
  aerialPlatform: [
    [
      '臂架自然下沉',
      ['hydraulic'],
      '平台举升后停在高位，十分钟内下沉约 10 厘米。',
      '举升油缸平衡阀内泄，密封件老化。',
      '更换平衡阀密封件，排空油缸空气后做保压试验 30 分钟。',
      '平衡阀密封组件',
    ],
    [
      'Platform will not lift, tilt alarm on level ground',
      ['sensor', 'controller'],
      'Lift is refused with a tilt alarm although the chassis stands level.',
      'Tilt sensor drifted after a knock; the controller reads 15 degrees.',
      'Recalibrate the tilt sensor on level ground; replace it if it drifts again within a week.',
      'Tilt sensor',
    ],
  ],
  concretePump: [
    [
      '泵送压力低，出料断续',
      ['hydraulic'],
      '泵送压力达不到 18 MPa，出料时断时续。',
      '主油泵磨损，S 阀切换不到位。',
      '检查主泵排量，更换磨损的切割环和眼镜板，调整 S 阀摆动油缸。',
      '切割环、眼镜板',
    ],
    [
      'Boom shakes while pumping',
      ['structure', 'hydraulic'],
      'The boom shakes hard at each stroke at full extension.',
      'Accumulator precharge lost; the stroke changeover hits the boom.',
      'Recharge the accumulator with nitrogen to 10 MPa and check the changeover timing.',
      'Accumulator bladder',
    ],
  ],
  wetSprayer: [
    [
      '速凝剂不出料',
      ['hydraulic', 'other'],
      '喷射时速凝剂泵不转，混凝土回弹大。',
      '计量泵管路堵塞，电机过载保护跳闸。',
      '清洗计量泵及管路，复位过载保护，作业后用清水冲洗。',
      '计量泵软管',
    ],
    [
      'Spray arm moves slowly',
      ['hydraulic'],
      'The spray arm swings slowly and stops under load.',
      'Return filter clogged; oil overheats.',
      'Replace the return filter and hydraulic oil; check the cooler fan.',
      'Return filter, hydraulic oil',
    ],
  ],
  mower: [
    [
      '刀盘异响',
      ['structure'],
      '割草时刀盘发出金属撞击声，振动明显。',
      '刀片螺栓松动，刀片不平衡。',
      '紧固并按扭矩重新安装刀片，成对更换磨损刀片。',
      '刀片、螺栓',
    ],
    [
      'Mower stops in the middle of a lane',
      ['battery', 'electrical'],
      'The mower stops mid-lane with a low-voltage fault though the gauge shows 40 %.',
      'One battery cell is weak; voltage sags under load.',
      'Test the cells under load and replace the weak cell; balance the pack.',
      'Battery cell',
    ],
  ],
  boat: [
    [
      '推进器无力',
      ['engine'],
      '航速明显下降，发动机转速正常。',
      '螺旋桨缠绕水草，桨叶变形。',
      '清理螺旋桨，校正或更换桨叶。',
      '螺旋桨',
    ],
    [
      'Bilge pump runs all the time',
      ['sensor', 'electrical'],
      'The bilge pump never stops although the bilge is dry.',
      'The float switch is stuck in the raised position.',
      'Clean or replace the float switch; check the wiring for corrosion.',
      'Float switch',
    ],
  ],
  forklift: [
    [
      '门架起升抖动',
      ['hydraulic', 'structure'],
      '货叉起升时门架抖动，有卡滞。',
      '门架滚轮磨损，链条松紧不一。',
      '更换门架滚轮，调整两侧链条张紧度并润滑。',
      '门架滚轮、链条',
    ],
    [
      'Tyre wear on one side',
      ['tyres'],
      'The left drive tyre wears twice as fast as the right one.',
      'Steering axle misaligned after a collision.',
      'Align the steering axle and replace the worn tyre.',
      'Drive tyre',
    ],
  ],
  battery: [
    [
      '电池组温度过高',
      ['battery'],
      '充电时电池温度超过 55°C 并报警。',
      '散热风扇故障，单体内阻增大。',
      '更换散热风扇，检测单体内阻并更换异常单体。',
      '散热风扇',
    ],
    [
      'Battery pack not recognised',
      ['controller', 'battery'],
      'The machine reports no battery although the pack is charged.',
      'BMS communication lost: CAN connector corroded.',
      'Clean and reseal the CAN connector; update the BMS firmware.',
      'CAN connector',
    ],
  ],
  charger: [
    [
      '充电桩无法启动充电',
      ['electrical', 'controller'],
      '插枪后充电桩提示通信失败。',
      '充电枪 CP 信号线断路。',
      '更换充电枪线缆，检测 CP 信号电压。',
      '充电枪线缆',
    ],
    [
      'Charger trips the breaker',
      ['electrical'],
      'The breaker trips a few minutes after charging starts.',
      'Input rectifier module shorted.',
      'Replace the rectifier module and check the input fuse.',
      'Rectifier module',
    ],
  ],
};

/**
 * The expert library: the operator's catalog (two cases per machine kind) and a few cases each rental company
 * wrote for itself (the first two companies), all from fixed texts so every fresh database holds the same.
 */
export async function seedCases(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const rows: (typeof faultCases.$inferInsert)[] = [];
  let n = 0;
  const add = (
    orgId: number,
    kind: MachineKind,
    [title, faultTypes, symptom, cause, solution, parts]: CaseSeed,
    lang: 'zh' | 'en',
  ) =>
    rows.push({
      orgId,
      lang,
      machineKind: kind,
      faultTypes,
      title,
      symptom,
      cause,
      solution,
      parts,
      updatedAt: new Date(now - ++n * 36 * 3600 * 1000),
    });
  // Each kind's first case is written in Chinese, its second in English (CASES).
  for (const kind of MACHINE_KINDS) CASES[kind].forEach((c, i) => add(orgs.operator, kind, c, i === 0 ? 'zh' : 'en'));
  // The global rental company's own library, in English (business.ts): the English case of every kind.
  for (const kind of MACHINE_KINDS) add(orgs.lessors[2]!, kind, CASES[kind][1]!, 'en');
  orgs.lessors.slice(0, 2).forEach((lessor, i) => {
    const kind = i === 0 ? 'aerialPlatform' : 'forklift';
    const [title, types, symptom, cause, solution, parts] = CASES[kind][0]!;
    add(
      lessor,
      kind,
      [`${title} (${i === 0 ? '现场经验' : '现场记录'})`, types, symptom, cause, solution, parts],
      'zh',
    );
  });
  await db.insert(faultCases).values(rows).run();
}
