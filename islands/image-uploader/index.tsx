import type { UploaderProps } from '../../src/lib/image-uploader.shared.js';
import { mountIsland } from '../shared/mount.js';
import { Uploader } from './Uploader.js';

mountIsland<UploaderProps>('image-uploader', (props, element) => <Uploader props={props} element={element} />);
