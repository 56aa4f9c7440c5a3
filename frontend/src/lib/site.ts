export const SITE_NAME = 'TSBN competitie';
export const SITE_DESCRIPTION = 'Stand, programma en uitslagen van de Troefcall Sport Bond Nederland';
