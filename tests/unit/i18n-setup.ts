// Unit tests run outside the extension, where the browser's i18n does not exist: read the English catalogue.
import { readCatalogues } from '@/lib/i18n/catalogue';
import { useCatalogue } from '@/lib/i18n/t';

useCatalogue(readCatalogues(`${process.cwd()}/locales`).en!, 'en');
