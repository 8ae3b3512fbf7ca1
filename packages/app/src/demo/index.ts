export { applyDemoParam, DemoModeOverride, isDemoMode, useDemoMode } from './demoMode';
