package web

import "rumref/qr"

// QRSVG draws the QR code of text as a small SVG (see qr.SVG).
func QRSVG(text string) string { return qr.SVG(text) }

// QRText draws the QR code of text for a terminal, compactly (see
// qr.Text).
func QRText(text string) string { return qr.Text(text) }
