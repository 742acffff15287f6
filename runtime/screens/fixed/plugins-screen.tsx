export { default } from '../plugins/plugins-screen';
