export * from './content';
export { pdfText } from './pdfText';
export { statementPdf } from './statementPdf';
