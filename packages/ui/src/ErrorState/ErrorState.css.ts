// The shared state panel (theme/statePanel.css.ts), in the danger tone.
import { statePanel, statePanelIcon, statePanelText } from '../theme/statePanel.css';

export const root = statePanel;
export const icon = statePanelIcon.danger;
export const text = statePanelText;
