import SwiftSyntax

/// What a member returns: its `return`s, and the value of a body that is one expression.
extension FileSummarizer {
    /// A body made of one expression returns it; a `switch` expression returns each case's value.
    /// - Parameter closure: for a local function's body, where its statements start.
    func recordImplicitReturn(_ statements: CodeBlockItemListSyntax?, closure: Int? = nil) {
        guard let statements, statements.count == 1, let item = statements.first?.item,
            let expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression
        else {
            return
        }
        guard let switchExpression = expression.as(SwitchExprSyntax.self) else {
            record(ReturnFacts(value: summarize(expression), conditions: conditions, closure: closure))
            return
        }
        let subject = switchSubject(switchExpression.subject)
        let cases = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        let allNames = cases.flatMap(caseNames)
        for switchCase in cases {
            guard switchCase.statements.count == 1, let value = switchCase.statements.first?.item.as(ExprSyntax.self)
            else { continue }
            let condition: CaseCondition
            switch switchCase.label {
            case .case:
                condition = CaseCondition(subject: subject, cases: caseNames(switchCase), isDefault: false, otherCases: [])
            case .default:
                condition = CaseCondition(subject: subject, cases: [], isDefault: true, otherCases: allNames)
            }
            record(ReturnFacts(value: summarize(value), conditions: conditions + [condition], closure: closure))
        }
    }

    /// A return of the member, or of a local function or closure called in place inside it.
    func record(_ returned: ReturnFacts) {
        if returned.closure == nil {
            member?.returns.append(returned)
        } else {
            member?.innerReturns.append(returned)
        }
    }
}
