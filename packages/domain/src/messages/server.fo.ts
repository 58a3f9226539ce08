// Texts only the server renders: e-mail, the simulators' pages and messages, the legal pages'
// frame. Kept apart from fo.ts, which the app bundles, so the app carries none of them. Every key
// here must exist in server.en.ts too.
import { kronerDecimal, OWNER_CREDIT_ORE_PER_KWH } from '../money.ts';

export const serverFo = {
  // The lines of a subscription's receipt.
  'receipt.subscription.monthly': '{{plan}}: hald í ein mánað',
  'receipt.subscription.yearly': '{{plan}}: hald í eitt ár',
  'receipt.subscription.upgrade': '{{plan}}: dagført til hetta stigið',
  // Refusals only the API words (the app shows the server's message).
  'error.voucherUnknown': 'Tað eydnaðist ikki at innloysa gávukortið: kotan er ókend.',
  'error.voucherUsed': 'Tað eydnaðist ikki at innloysa gávukortið: kotan er longu brúkt.',
  'error.voucherExpired': 'Tað eydnaðist ikki at innloysa gávukortið: kotan er útgingin.',
  'error.voucherBlocked':
    'Tað eydnaðist ikki at innloysa gávukortið: kotan er stongd. Set teg í samband við okkum.',
  'error.voucherOrderIssued':
    'Hendan bíleggingin er longu givin út. Kotur verða bara vístar eina ferð.',
  'error.voucherCodeTaken': 'Hendan kotan finst longu.',
  'error.ownCardUnknown': 'Vit funnu einki kort við hesum nummari.',
  'error.ownCardBlocked': 'Kortið er sperrað. Set teg í samband við okkum.',
  'error.ownCardPin': 'PIN-kotan er skeiv.',
  'error.ownCardTaken': 'Hetta kortið er longu skrásett hjá einum øðrum brúkara.',
  'error.ownCardNoChannel':
    'Vit kunnu ikki senda kotu hendan vegin. Vel ein annan veg ella nýt PIN-kotuna.',
  'error.identityRequired': 'Tú mást vátta teg við talgildum samleika fyrst.',
  'error.subscriptionExists': 'Tú hevur longu eitt hald av hesum slagi.',
  'error.notAnUpgrade': 'Tað ber bara til at dagføra til eitt hægri stig av sama haldi.',
  'error.accountDisabled': 'Henda kontan er stongd. Set teg í samband við okkum.',
  'error.staffSelf': 'Tú kanst ikki stongja tína egnu kontu ella broyta tín egna leiklut.',
  'error.refundTooMuch':
    'Endurgjaldið er størri enn tað, ið kann gevast aftur (í mesta lagi {{amount}})',
  'error.refundTooMuchField': 'Størri enn tað, ið kann gevast aftur.',
  'error.alarmCleared': 'Ávaringin er ikki longur virkin.',
  'error.pumpOutOfService': 'Pumpan er ikki í nýtslu júst nú. Vel eina aðra pumpu.',
  'error.bayOutOfService': 'Vaskibásurin er ikki í nýtslu júst nú. Vel ein annan bás.',
  'error.kitchenPaused': 'Køkið tekur ikki ímóti bíleggingum júst nú. Royn aftur seinni.',
  'error.priceOutOfBounds':
    'Prísurin á {{product}} má vera millum {{min}} og {{max}}. Einki prísur er broyttur.',
  'error.priceOutOfBoundsField': 'Uttan fyri prísmarkið.',
  'error.planTierTaken': 'Eitt annað hald av hesum slagi hevur longu hetta stigið.',
  'error.planTierTakenField': 'Stigið er tikið.',
  'error.payoutNotApproved':
    'Útgjaldið er ikki góðkent enn. Góðkenn tað fyrst, og merk tað so goldið.',
  'error.untilPast': 'Tíðin er farin. Vel eina tíð frameftir.',
  'error.holdInUse':
    'Ein tænasta brúkar enn hesa upphæddina. Hon kann sleppast, tá ið tænastan er liðug.',
  'error.holdNotHeld': 'Ongin upphædd er hildin á hesum gjaldinum.',
  'error.chargerTaken': 'Eitt eyðkenni við hesum navni er longu skrásett.',
  'error.idempotencyKeyReused':
    'Hesin fyrispurningurin varð longu sendur við øðrum innihaldi. Byrja umaftur.',
  'error.shareEnded': 'Atgongd tín til hesa ladistøðina er endað.',
  'error.shareCapReached': 'Tú hevur brúkt tær kWh, sum tú hevur loyvi til henda mánaðin.',
  'error.invitationExists': 'Hesin teldupostur hevur longu eina innbjóðing, sum bíðar.',
  'error.alreadyShared': 'Hesin persónur hevur longu atgongd.',
  'error.inviteSelf': 'Tú kanst ikki bjóða tær sjálvum.',
  'error.invitationToken': 'Lat leinkjuna í innbjóðingini upp fyri at taka ímóti henni.',
  'error.invitationsMax': 'Ov nógvar innbjóðingar bíða. Tak nakrar aftur fyrst.',
  'error.menuUnavailable': 'Matseðilin kann ikki heintast júst nú. Royn aftur um eina løtu.',
  'error.menuChanged': 'Matseðilin er broyttur. Kanna bíleggingina og royn aftur.',
  'error.itemUnavailable': 'Okkurt í bíleggingini er útselt júst nú. Tak tað burtur og royn aftur.',
  'error.restaurantClosed': 'Matstovan er stongd á valdu tíðini.',
  'error.restaurantClosesBefore': 'Matstovan stongir áðrenn valdu tíðina.',
  'error.pickupPast': 'Vel eina tíð í minsta lagi 10 minuttir frá nú.',
  'error.pickupTooFar': 'Vel eina tíð innan 12 tímar.',
  'error.notProviderQr': 'Hetta er ikki ein QR-kota frá okkum.',
  'error.fillCodeUnknown':
    'Kotan er ókend ella útgingin. Kanna hana á skíggjanum á maskinuni og royn aftur.',
  'error.drinkNotInSubscription': 'Skannaði drykkurin er ikki í haldinum.',
  'error.noBeverageSubscription':
    'Tú hevur einki galdandi kaffihald. Tú kanst keypa koppin einaferð í staðin.',
  'error.beverageTitle': 'Drykkurin kann ikki skonkjast',
  'error.beverageUsed': 'Hendan kotan er longu brúkt. Vel drykkin á maskinuni aftur.',
  'error.beverageExpired': 'Hendan kotan er farin úr gildi. Vel drykkin á maskinuni aftur.',
  'error.beveragePaying':
    'Drykkurin verður longu goldin. Ger gjaldið liðugt, ella vel drykkin á maskinuni aftur.',
  'error.fairUse':
    'Haldið hjá tær gevur ein kopp fyri hvørjar {{minutes}} minuttir. Næsti koppur er klárur kl. {{time}}.',
  'error.machineOutOfOrder': 'Kaffimaskinan er í ólagi. Einki varð kravt.',
  'error.machineBusy': 'Kaffimaskinan er upptikin við øðrum drykki. Einki varð kravt.',
  'error.machineUnreachable':
    'Kaffimaskinan svarar ikki júst nú. Einki varð kravt. Vel drykkin á maskinuni aftur um eina løtu.',
  'error.campaignWindow': 'Endin má vera seinni enn byrjanin.',
  'error.campaignNotStarted': 'Kampanjan er ikki byrjað enn. Strika hana ella broyt tíðirnar.',
  'error.imageType': 'Myndin má vera PNG, JPEG ella WebP.',
  'error.imageTooLarge': 'Myndin er ov stór. Hon kann í mesta lagi vera 2 MB.',
  'mail.passwordReset.subject': 'Nýtt loyniorð',
  'mail.passwordReset.text':
    'Trýst á leinkjuna innan ein tíma fyri at velja eitt nýtt loyniorð:\n\n{{link}}\n\nHevur tú ikki biðið um hetta, kanst tú síggja burtur frá hesum teldubrævinum.',
  'mail.alarm.subject': 'Ávaring: {{what}} – {{station}}',
  'mail.alarm.text':
    'Hey {{name}}\n\n{{what}} á {{station}} síðan {{since}}, og ongin hevur váttað ávaringina enn.\n\nSí ávaringarnar her: {{link}}',
  'mail.alarm.network': 'netinum',
  'mail.alarm.kind.site.offline': 'Støðin hevur mist sambandið',
  'mail.alarm.kind.charger.offline': 'Ladarin {{charger}} hevur mist sambandið',
  'mail.alarm.kind.charger.faulted': 'Tengil {{connector}} á ladaranum {{charger}} er í ólagi',
  'mail.alarm.kind.pump.fault': 'Pumpa {{point}} er í ólagi',
  'mail.alarm.kind.pump.offline': 'Pumpa {{point}} hevur mist sambandið',
  'mail.alarm.kind.bay.fault': 'Vaskibásur {{point}} er í ólagi',
  'mail.alarm.kind.bay.offline': 'Vaskibásur {{point}} hevur mist sambandið',
  'mail.alarm.kind.machine.fault': 'Ein kaffimaskina er í ólagi',
  'mail.alarm.kind.wash.stopped':
    'Vaskurin í vaskibási {{point}} er steðgaður og bíðar eftir starvsfólki',
  'mail.alarm.kind.order.waiting': 'Bílegging {{order}} bíðar eftir at verða tikin við',
  'mail.alarm.kind.transaction.long': 'Ein handil hevur verið opin ov leingi',
  'mail.alarm.kind.hold.old': 'Ein fyrivarðing er eldri enn ein dagur',
  'mail.staffInvitation.subject': 'Tú hevur fingið atgongd til Støð-stýrið',
  'mail.staffInvitation.text':
    'Hey {{name}}\n\nTú hevur fingið atgongd til Støð-stýrið. Trýst á leinkjuna innan 7 dagar fyri at velja títt loyniorð:\n\n{{link}}\n\nSíðan ritar tú inn her: {{console}}',
  'mail.refund.subject': 'Tú hevur fingið pengar aftur',
  'mail.refund.text':
    'Hey {{name}}\n\nVit hava givið tær {{amount}} aftur á gjaldskortið fyri {{what}}. Tað kann taka nakrar dagar, áðrenn tað sæst á kontuni.\n\nKreditnotan er í appini undir Kvittanir.',
  'mail.receiptCopy.subject': 'Kvittan: {{what}}',
  'mail.receiptCopy.text':
    'Hey {{name}}\n\nHer er kvittanin, tú bað um:\n\n{{what}}\n{{date}}\nTilsamans {{amount}}, harav MVG {{vat}}\n\nTú finnur hana eisini í appini: {{link}}',
  'mail.emailChange.subject': 'Tín kota: {{code}}',
  'mail.emailChange.text':
    'Skriva hesa kotuna í appini fyri at vátta nýggja teldubústaðin:\n\n{{code}}\n\nKotan er galdandi í 15 minuttir.',
  'mail.chargeNoEnergy.subject': 'Vit steðgaðu ladingini á {{installation}}',
  'mail.chargeNoEnergy.text':
    'Bilurin tók ongan streym á {{installation}} í {{minutes}} minuttir, so vit steðgaðu ladingini: tú skalt ikki gjalda fyri ein ladara, ið einki gevur. Tú gjaldar bert fyri orkuna, ið kom ({{kwh}} kWh); kom ongin, verður upphæddin, ið er hildin á kortinum, leyst. Kanna, at kaðalin situr væl fastur, og at bilurin er klárur at lada, og byrja so aftur í appini.',
  'mail.renewalFailed.subject': 'Vit kundu ikki endurnýggja {{plan}}',
  'mail.renewalFailed.text':
    'Gjaldið fyri {{plan}} varð avvíst, so haldið verður ikki endurnýggjað. Tað kann brúkast til {{date}}; eftir tað kanst tú tekna tað aftur í appini við einum korti, ið virkar.',
  'mail.fuelReceipt.subject': 'Kvittan fyri tanking á {{station}}',
  'mail.fuelReceipt.text':
    'Sambandið við pumpuna fór, meðan tú tankaði, men nú er tankingin liðug. Tú tankaði {{litres}} l {{product}} fyri {{amount}}, og kvittanin er í appini undir Kvittanir.',
  'mail.invitation.subject': '{{owner}} bjóðar tær at lada á {{installation}}',
  'mail.invitation.text':
    '{{owner}} hevur givið tær atgongd til at lada elbilin á {{installation}}.\n\nLat leinkjuna upp fyri at taka ímóti innbjóðingini. Hevur tú ikki eina kontu enn, kanst tú stovna eina við hesum teldubústaðinum:\n\n{{link}}\n\nVilt tú ikki hava atgongd, kanst tú síggja burtur frá hesum teldubrævinum.',
  'mail.foodReady.subject': 'Bíleging {{number}} er klár',
  'mail.foodReady.text':
    'Bílegingin hjá tær á {{station}} er klár at heinta. Sig nummarið {{number}} við diskin.',
  'push.chargeComplete.title': 'Elbilurin er ladaður',
  'push.chargeComplete.body': 'Ladingin á {{installation}} er liðug: {{kwh}} kWh fyri {{amount}}',
  'push.chargerFaulted.title': 'Feilur á ladaranum',
  'push.chargerFaulted.body':
    '{{installation}} boðar frá einum feili. Hygg í appina, hvussu ladingin gongur.',
  'push.chargeNoEnergy.title': 'Ladingin varð steðgað',
  'push.chargeNoEnergy.body':
    'Ongin streymur kom til bilin á {{installation}} í {{minutes}} minuttir, so vit steðgaðu ladingini. Tú gjaldar bert fyri orkuna, ið kom.',
  'push.foodAccepted.title': 'Bílegingin er móttikin',
  'push.foodAccepted.body': 'Bíleging {{number}} á {{station}} verður klár umleið kl. {{time}}.',
  'push.foodReady.title': 'Maturin er klárur',
  'push.foodReady.body':
    'Bíleging {{number}} bíðar eftir tær á {{station}}. Sig nummarið við diskin.',
  'push.fuelReceipt.title': 'Kvittan fyri tanking',
  'push.fuelReceipt.body':
    'Sambandið við pumpuna fór, men tankingin á {{station}} er skrásett: {{litres}} l fyri {{amount}}',
  'push.invitation.title': 'Innbjóðing at lada',
  'push.invitation.body': '{{owner}} bjóðar tær at lada á {{installation}}.',
  'push.renewalRefused.title': 'Haldið varð ikki endurnýggjað',
  'push.renewalRefused.body': 'Gjaldið fyri {{plan}} varð avvíst. Tað kann brúkast til {{date}}.',
  'statement.title': 'Inntøkuyvirlit',
  'statement.month': 'Mánaður',
  'statement.installation': 'Ladistøð',
  'statement.owner': 'Eigari',
  'statement.publicEnergy': 'Almenn lading',
  'statement.publicCredit': `Inntøka (${kronerDecimal(OWNER_CREDIT_ORE_PER_KWH, ',')} kr. fyri hvønn kWh)`,
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
  'gateway.pay': 'Borga {{amount}}',
  'gateway.paid': 'Gjaldið er góðkent.',
  'gateway.paymentCancelled': 'Tú angraði. Einki varð kravt.',
  'gateway.cancel': 'Angra',
  'gateway.inactive': 'Hendan síðan er ikki longur virkin.',
  'gateway.cancelled': 'Tú angraði. Einki kort varð goymt.',
  'gateway.backToApp': 'Aftur í appina',
  'gateway.notFound': 'Síðan finst ikki.',
  'identitySim.title': 'Talgildur samleiki',
  'identitySim.simulator': 'Samleikasimulatorur.',
  'identitySim.choose': 'Vel ein royndarpersón.',
  'identitySim.cancel': 'Angra',
  'ocpp.actionUnsupported': 'Ein miðstøð kann ikki senda {{action}} í {{protocol}}.',
  'ocpp.invalidCall': 'Boðini {{action}} eru ikki gildug: {{problem}}',
  'ocpp.chargerError': 'Ladarin svaraði við eini villu ({{code}}).',
  'ocpp.timeout': 'Ladarin svaraði ikki í tíð.',
  'ocpp.localListRefused': 'Ladarin tók ikki við listanum: hann svaraði {{status}}.',
  'ocpp.profile.noTls':
    'Trygdarstig {{profile}} krevur TLS: set OCPP_TLS_CERT og OCPP_TLS_KEY, ella ein álitandi proxy, ið endar TLS.',
  'ocpp.profile.noPassword':
    'Trygdarstig 2 krevur eitt loyniorð: set loyniorðið hjá ladaranum fyrst.',
  'ocpp.profile.noClientCa':
    'Trygdarstig 3 krevur váttanarmyndugleikan hjá ladarunum: set OCPP_TLS_CLIENT_CA.',
  'ocpp.passwordRefused': 'Ladarin tók ikki við nýggja loyniorðinum. Tað gamla er enn í gildi.',
  'cardIssuerSim.code': '{{code}} er kotan til kortið •••• {{last4}}.',
} as const;
