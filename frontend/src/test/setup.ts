import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Suites run in parallel; give slow machines room before a findBy gives up.
configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);
