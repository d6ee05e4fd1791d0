package httpd

import "strconv"

// The status codes the server and rumref's pages send.
const (
	StatusOK                      = 200
	StatusBadRequest              = 400
	StatusForbidden               = 403
	StatusNotFound                = 404
	StatusMethodNotAllowed        = 405
	StatusRequestTimeout          = 408
	StatusConflict                = 409
	StatusGone                    = 410
	StatusLengthRequired          = 411
	StatusRequestEntityTooLarge   = 413
	StatusURITooLong              = 414
	StatusExpectationFailed       = 417
	StatusUnprocessableEntity     = 422
	StatusHeaderTooLarge          = 431
	StatusInternalServerError     = 500
	StatusNotImplemented          = 501
	StatusServiceUnavailable      = 503
	StatusHTTPVersionNotSupported = 505
)

// StatusText is the reason phrase of a status code (a switch, not a
// map, so that nothing is built at start-up).
func StatusText(code int) string {
	switch code {
	case StatusOK:
		return "OK"
	case StatusBadRequest:
		return "Bad Request"
	case StatusForbidden:
		return "Forbidden"
	case StatusNotFound:
		return "Not Found"
	case StatusMethodNotAllowed:
		return "Method Not Allowed"
	case StatusRequestTimeout:
		return "Request Timeout"
	case StatusConflict:
		return "Conflict"
	case StatusGone:
		return "Gone"
	case StatusLengthRequired:
		return "Length Required"
	case StatusRequestEntityTooLarge:
		return "Content Too Large"
	case StatusURITooLong:
		return "URI Too Long"
	case StatusExpectationFailed:
		return "Expectation Failed"
	case StatusUnprocessableEntity:
		return "Unprocessable Content"
	case StatusHeaderTooLarge:
		return "Request Header Fields Too Large"
	case StatusInternalServerError:
		return "Internal Server Error"
	case StatusNotImplemented:
		return "Not Implemented"
	case StatusServiceUnavailable:
		return "Service Unavailable"
	case StatusHTTPVersionNotSupported:
		return "HTTP Version Not Supported"
	}
	return "Status " + strconv.Itoa(code)
}
