import type { SearchIslandProps } from '../../src/lib/search.shared.js';
import { mountIsland } from '../shared/mount.js';
import { SearchApp } from './App.js';
import { renderedCards } from './rendered-cards.js';

mountIsland<SearchIslandProps>('search', (props, element) => (
  <SearchApp {...props} renderedCards={renderedCards(element)} />
));
