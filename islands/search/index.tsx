import type { SearchIslandProps } from '../../src/lib/search.shared.js';
import { mountIsland } from '../shared/mount.js';
import { SearchApp } from './App.js';

mountIsland<SearchIslandProps>('search', (props) => <SearchApp {...props} />);
