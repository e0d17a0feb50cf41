// Stands in for the 'server-only' guard outside Next's server bundle (jest).
