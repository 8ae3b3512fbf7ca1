// The shared state panel (theme/statePanel.css.ts), in the muted tone.
import { statePanel, statePanelIcon, statePanelText } from '../theme/statePanel.css';

export const root = statePanel;
export const icon = statePanelIcon.muted;
export const text = statePanelText;
