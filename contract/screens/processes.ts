import { PROCESS_MAINTAINERS, PROCESS_USERS } from '../access/processes.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Process management (spec /processMng, docs/decisions/054-process-management.md): the maintainers' forms, models,
 * designer and deployed versions; everyone's new process, to-do, done and own processes, and one process's detail.
 */
export const processScreens = defineScreens({
  model: { path: '/processMng/model', title: 'processes:model.title', keepAlive: true },
  design: { path: '/processMng/design', title: 'processes:design.title', query: { id: 'id' }, parent: 'model' },
  deploy: { path: '/processMng/deploy', title: 'processes:deploy.title', query: { modelId: 'number' } },
  formTemplate: { path: '/processMng/formTemplate', title: 'processes:forms.title', keepAlive: true },
  formCreate: {
    path: '/processMng/formCreate',
    title: 'processes:formDesign.editTitle',
    createTitle: 'processes:formDesign.createTitle',
    query: { id: 'number' },
    parent: 'formTemplate',
  },
  form: { path: '/processMng/form', title: 'processes:formDetail.title', query: { id: 'id' }, parent: 'formTemplate' },
  create: { path: '/processMng/create', title: 'processes:create.title', query: { definitionId: 'number' } },
  mine: { path: '/processMng/mine', title: 'processes:mine.title', keepAlive: true },
  todoTask: { path: '/processMng/todoTask', title: 'processes:todo.title', keepAlive: true },
  finishedTask: { path: '/processMng/finishedTask', title: 'processes:done.title' },
  flowDetail: { path: '/processMng/flowDetail', title: 'processes:detail.title', query: { id: 'id' } },
});

export const processMenu: AreaMenu<typeof processScreens> = [
  { screen: 'create', group: 'processes', order: 10, title: 'processCreate', icon: 'file-text', roles: PROCESS_USERS },
  { screen: 'todoTask', group: 'processes', order: 20, title: 'processTodo', icon: 'schedule', roles: PROCESS_USERS },
  { screen: 'finishedTask', group: 'processes', order: 30, title: 'processDone', icon: 'audit', roles: PROCESS_USERS },
  { screen: 'mine', group: 'processes', order: 40, title: 'processMine', icon: 'profile', roles: PROCESS_USERS },
  {
    screen: 'model',
    group: 'processes',
    order: 50,
    title: 'processModels',
    icon: 'partition',
    roles: PROCESS_MAINTAINERS,
  },
  {
    screen: 'deploy',
    group: 'processes',
    order: 60,
    title: 'processDeploy',
    icon: 'deployment-unit',
    roles: PROCESS_MAINTAINERS,
  },
  {
    screen: 'formTemplate',
    group: 'processes',
    order: 70,
    title: 'processForms',
    icon: 'container',
    roles: PROCESS_MAINTAINERS,
  },
];
