// The shared state panel (theme/statePanel.css.ts), in the accent tone.
import { statePanel, statePanelIcon, statePanelText } from '../theme/statePanel.css';

export const root = statePanel;
export const icon = statePanelIcon.accent;
export const text = statePanelText;
