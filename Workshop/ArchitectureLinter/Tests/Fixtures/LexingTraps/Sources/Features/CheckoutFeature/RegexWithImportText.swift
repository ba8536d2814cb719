let looksLikeCode = #/^import Networking$/#
let bare = /import Networking/
