// PaymentReceipt(chargeID: "comment")
let help = "PaymentReceipt(chargeID:)"
let forged = PaymentReceipt(chargeID: "ch_1")
