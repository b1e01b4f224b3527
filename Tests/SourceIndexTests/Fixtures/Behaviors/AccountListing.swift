/// What an account list's screen asks of the coordinator that shows it.
protocol AccountListing: AnyObject {
    func showEdit(for account: String)
}
