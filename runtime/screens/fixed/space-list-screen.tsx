/** spaceList page (SPEC §2): see runtime/screens/space. */
export { default } from '../space/space-screen';
