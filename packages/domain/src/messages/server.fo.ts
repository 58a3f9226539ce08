// Texts only the server renders: e-mail, the simulators' pages and messages, the legal pages'
// frame. Kept apart from fo.ts, which the app bundles, so the app carries none of them. Every key
// here must exist in server.en.ts too.
export const serverFo = {
  'mail.passwordReset.subject': 'Nýtt loyniorð',
  'mail.passwordReset.text':
    'Trýst á leinkjuna innan ein tíma fyri at velja eitt nýtt loyniorð:\n\n{{link}}\n\nHevur tú ikki biðið um hetta, kanst tú síggja burtur frá hesum teldubrævinum.',
  'mail.emailChange.subject': 'Tín kota: {{code}}',
  'mail.emailChange.text':
    'Skriva hesa kotuna í appini fyri at vátta nýggja teldubústaðin:\n\n{{code}}\n\nKotan er galdandi í 15 minuttir.',
  'mail.renewalFailed.subject': 'Vit kundu ikki endurnýggja {{plan}}',
  'mail.renewalFailed.text':
    'Gjaldið fyri {{plan}} varð avvíst, so haldið verður ikki endurnýggjað. Tað kann brúkast til {{date}}; eftir tað kanst tú tekna tað aftur í appini við einum korti, ið virkar.',
  'mail.fuelReceipt.subject': 'Kvittan fyri tanking á {{station}}',
  'mail.fuelReceipt.text':
    'Sambandið við pumpuna fór, meðan tú tankaði, men nú er tankingin liðug. Tú tankaði {{litres}} l {{product}} fyri {{amount}}. Kvittanin er í appini undir Kvittanir.',
  'mail.invitation.subject': '{{owner}} bjóðar tær at lada á {{installation}}',
  'mail.invitation.text':
    '{{owner}} hevur givið tær atgongd til at lada elbilin á {{installation}}.\n\nLat leinkið upp fyri at taka ímóti innbjóðingini. Hevur tú ikki eina konto enn, kanst tú stovna eina við hesum teldubústaðinum:\n\n{{link}}\n\nVilt tú ikki hava atgongd, kanst tú síggja burtur frá hesum teldubrævinum.',
  'mail.foodReady.subject': 'Bíleging {{number}} er klár',
  'mail.foodReady.text':
    'Bílegingin hjá tær á {{station}} er klár at heinta. Sig nummarið {{number}} við diskin.',
  'statement.title': 'Inntøkuyvirlit',
  'statement.month': 'Mánaður',
  'statement.installation': 'Ladistøð',
  'statement.owner': 'Eigari',
  'statement.publicEnergy': 'Almenn lading',
  'statement.publicCredit': 'Inntøka (0,20 kr. fyri hvønn kWh)',
  'statement.sharedEnergy': 'Deild lading',
  'statement.sharedCredit': 'Inntøka frá deildum brúkarum',
  'statement.total': 'Íalt',
  'statement.charges': 'Ladingar',
  'statement.none': 'Ongar ladingar henda mánaðin.',
  'statement.payout': 'Útgjald',
  'legal.otherLanguage': 'In English',
  'legal.contact': 'Spurningar? Skriva til {{email}} ella ring á {{phone}}.',
  'legal.more': 'Aðrar treytir',
  'gateway.title': '{{brand}} Pay',
  'gateway.simulator': 'Kortgjaldssimulatorur.',
  'gateway.testCards': '{{good}} virkar; {{declined}} verður avvíst.',
  'gateway.cardNumber': 'Kortnummar',
  'gateway.month': 'Mánaður',
  'gateway.year': 'Ár',
  'gateway.cvc': 'CVC',
  'gateway.save': 'Goym kort',
  'gateway.cancel': 'Angra',
  'gateway.inactive': 'Hendan síðan er ikki longur virkin.',
  'gateway.cancelled': 'Tú angraði. Einki kort varð goymt.',
  'gateway.backToApp': 'Aftur í appina',
  'gateway.notFound': 'Síðan finst ikki.',
  'identitySim.title': 'Talgildur samleiki',
  'identitySim.simulator': 'Samleikasimulatorur.',
  'identitySim.choose': 'Vel ein royndarpersón.',
  'identitySim.cancel': 'Angra',
  'cardIssuerSim.code': '{{code}} er kotan til kortið •••• {{last4}}.',
} as const;
