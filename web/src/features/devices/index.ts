/** What other areas use of this one: the machine's page offers the MQTT secret reset to those who fit devices. */
export { ResetSecretButton } from './components/reset-secret-button.tsx';
