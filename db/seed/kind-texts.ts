import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { Both } from './business.ts';

/** A fault of a machine kind as a fault record tells it: what went wrong, the parts and the fix. */
export interface KindFault {
  types: string[];
  cause: Both;
  parts: Both;
  fix: Both;
}

/**
 * What belongs to each machine kind, in both languages: its faults with their parts and fixes, what its upkeep
 * covers, and what its customers report. A record's text is taken from its machine's kind, never another's.
 */
export const KIND_TEXTS: Record<MachineKind, { faults: KindFault[]; upkeep: Both; feedback: Both[] }> = {
  aerialPlatform: {
    faults: [
      {
        types: ['hydraulic'],
        cause: { zh: '举升油缸内泄，平台自然下沉', en: 'Lift cylinder leaks internally; the platform drifts down' },
        parts: { zh: '举升油缸密封组件', en: 'Lift cylinder seal kit' },
        fix: {
          zh: '更换油缸密封件并保压试验 30 分钟',
          en: 'Replaced the cylinder seals and held pressure for 30 minutes',
        },
      },
      {
        types: ['sensor', 'controller'],
        cause: { zh: '倾角传感器漂移，平地误报倾斜', en: 'Tilt sensor drifted; tilt alarm on level ground' },
        parts: { zh: '倾角传感器', en: 'Tilt sensor' },
        fix: { zh: '在水平地面重新标定倾角传感器', en: 'Recalibrated the tilt sensor on level ground' },
      },
    ],
    upkeep: {
      zh: '例行保养：检查液压油位与管路、润滑铰点、测试紧急下降',
      en: 'Routine service: hydraulic oil and hoses, grease the pivot pins, test the emergency lowering',
    },
    feedback: [
      { zh: '平台升到一半停住，报警灯闪烁', en: 'The platform stops halfway up and the warning light flashes' },
      { zh: '行走时左转有异响', en: 'It grinds when driving to the left' },
      { zh: '充满电后用半天就没电了', en: 'A full charge lasts only half a day' },
      { zh: '底盘下方有油迹', en: 'There is oil under the chassis' },
    ],
  },
  forklift: {
    faults: [
      {
        types: ['hydraulic', 'structure'],
        cause: { zh: '门架滚轮磨损，起升时抖动', en: 'Mast rollers worn; the mast judders when lifting' },
        parts: { zh: '门架滚轮、起升链条', en: 'Mast rollers, lift chains' },
        fix: {
          zh: '更换门架滚轮，调整链条张紧并润滑',
          en: 'Replaced the mast rollers, tensioned and greased the chains',
        },
      },
      {
        types: ['tyres'],
        cause: { zh: '驱动轮胎磨损严重', en: 'Drive tyre badly worn' },
        parts: { zh: '驱动轮胎', en: 'Drive tyre' },
        fix: { zh: '更换驱动轮胎并校正转向桥', en: 'Replaced the drive tyre and aligned the steering axle' },
      },
    ],
    upkeep: {
      zh: '例行保养：更换液压油滤芯，检查货叉、链条与制动',
      en: 'Routine service: hydraulic filter, forks, chains and brakes',
    },
    feedback: [
      { zh: '货叉起升时门架抖动', en: 'The mast shakes when the forks go up' },
      { zh: '刹车变软，停车距离变长', en: 'The brakes feel soft and it takes longer to stop' },
    ],
  },
  concretePump: {
    faults: [
      {
        types: ['hydraulic'],
        cause: { zh: '切割环磨损，泵送压力不足', en: 'Cutting ring worn; pumping pressure too low' },
        parts: { zh: '切割环、眼镜板', en: 'Cutting ring, wear plate' },
        fix: {
          zh: '更换切割环和眼镜板，调整 S 阀',
          en: 'Replaced the cutting ring and wear plate, adjusted the S-valve',
        },
      },
      {
        types: ['engine'],
        cause: { zh: '柴油滤清器堵塞，发动机掉速', en: 'Fuel filter clogged; the engine loses speed' },
        parts: { zh: '柴油滤清器', en: 'Fuel filter' },
        fix: { zh: '更换柴油滤清器并排空气', en: 'Replaced the fuel filter and bled the fuel system' },
      },
    ],
    upkeep: {
      zh: '例行保养：更换机油与滤芯，检查眼镜板、切割环和输送管壁厚',
      en: 'Routine service: engine oil and filters, wear plate, cutting ring and delivery pipe thickness',
    },
    feedback: [
      { zh: '泵送时出料断断续续', en: 'Concrete comes out in fits and starts while pumping' },
      { zh: '臂架满伸时抖动厉害', en: 'The boom shakes hard at full reach' },
    ],
  },
  wetSprayer: {
    faults: [
      {
        types: ['hydraulic', 'other'],
        cause: { zh: '速凝剂计量泵管路堵塞', en: 'Accelerator dosing line blocked' },
        parts: { zh: '计量泵软管', en: 'Dosing pump hose' },
        fix: {
          zh: '拆洗计量泵及输送管路，复位过载保护器',
          en: 'Flushed the dosing pump and line, reset the overload trip',
        },
      },
    ],
    upkeep: {
      zh: '例行保养：清洗喷射管路，检查速凝剂泵和臂架油缸',
      en: 'Routine service: flush the spray line, check the accelerator pump and boom cylinders',
    },
    feedback: [{ zh: '喷射时速凝剂不出料', en: 'No accelerator comes out while spraying' }],
  },
  mower: {
    faults: [
      {
        types: ['structure'],
        cause: { zh: '刀片螺栓松动，刀盘异响', en: 'Blade bolts loose; the cutting deck rattles' },
        parts: { zh: '刀片、刀片螺栓', en: 'Blades, blade bolts' },
        fix: { zh: '成对更换刀片并按扭矩紧固', en: 'Replaced the blades in pairs and torqued the bolts' },
      },
    ],
    upkeep: {
      zh: '例行保养：磨刀片、清理刀盘、检查电池与边界线',
      en: 'Routine service: sharpen the blades, clean the deck, check the battery and boundary wire',
    },
    feedback: [{ zh: '割草机在草坪中间停下不走', en: 'The mower stops in the middle of the lawn' }],
  },
  boat: {
    faults: [
      {
        types: ['engine'],
        cause: { zh: '螺旋桨缠绕水草，推进无力', en: 'Weed wrapped round the propeller; little thrust' },
        parts: { zh: '螺旋桨', en: 'Propeller' },
        fix: { zh: '清理并校正螺旋桨桨叶', en: 'Cleared and straightened the propeller blades' },
      },
    ],
    upkeep: {
      zh: '例行保养：更换机油，检查冷却水泵叶轮和舱底泵',
      en: 'Routine service: engine oil, raw-water pump impeller and bilge pump',
    },
    feedback: [{ zh: '舱底泵一直在转', en: 'The bilge pump never stops' }],
  },
  battery: {
    faults: [
      {
        types: ['battery'],
        cause: { zh: '单体电压偏低，续航缩短', en: 'One cell reads low; the run time is short' },
        parts: { zh: '电芯模组', en: 'Cell module' },
        fix: { zh: '更换低压电芯模组并均衡电池组', en: 'Replaced the weak cell module and balanced the pack' },
      },
    ],
    upkeep: {
      zh: '例行保养：检查电芯一致性、连接件紧固与散热风扇',
      en: 'Routine service: cell balance, terminal torque and cooling fan',
    },
    feedback: [{ zh: '充满电后续航明显变短', en: 'The pack runs down much sooner after a full charge' }],
  },
  charger: {
    faults: [
      {
        types: ['electrical', 'controller'],
        cause: {
          zh: '充电枪 CP 信号线断路，无法启动充电',
          en: 'Charging cable pilot wire broken; charging will not start',
        },
        parts: { zh: '充电枪线缆', en: 'Charging cable' },
        fix: { zh: '更换充电枪线缆并检测 CP 信号', en: 'Replaced the charging cable and tested the pilot signal' },
      },
    ],
    upkeep: {
      zh: '例行保养：清洁散热风道，检查充电枪与输入接线',
      en: 'Routine service: clean the air ducts, check the charging cable and input wiring',
    },
    feedback: [{ zh: '插枪后提示通信失败，无法充电', en: 'It shows a communication error and will not charge' }],
  },
};
