import SharedKernel

// The one module that may mint a receipt: not a finding.
let minted = PaymentReceipt(chargeID: "ch_1")
