/** Sidebar titles [zh-CN, en-US]. Kept beside the menu tree so an area adds its entry in one place. */
export const menuTitles = {
  home: ['首页', 'Home'],
  devices: ['设备管理', 'Device management'],
  deviceList: ['全部设备', 'All devices'],
  deviceModels: ['型号类型', 'Device types'],
  simCards: ['SIM 卡', 'SIM cards'],
  employees: ['员工管理', 'Employees'],
  employeeList: ['员工列表', 'Employee list'],
  settings: ['基础设置', 'Settings'],
  personalSettings: ['个人设置', 'Personal settings'],
  corporateSettings: ['企业设置', 'Corporate settings'],
} as const;
export type MenuTitleKey = keyof typeof menuTitles;
