import type { WizardIslandProps } from '../../src/lib/booking-wizard.shared.js';
import { mountIsland } from '../shared/mount.js';
import { Wizard } from './Wizard.js';

mountIsland<WizardIslandProps>('booking-wizard', (props) => <Wizard props={props} />);
